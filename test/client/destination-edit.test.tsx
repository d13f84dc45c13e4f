import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeCurrentProject } from "@client/app/current-project";
import { toaster } from "@client/lib/notify";
import { STREAMING_UI } from "@client/messages/streaming-ui";
import StreamingPage from "@client/pages/streaming/StreamingPage";
import type { AppDeps } from "@server/deps";
import { destinations, streams } from "@server/platform/db/schema";
import { STREAMING } from "@shared/messages/streaming";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { freePort } from "../fakes/rtmp-receiver";
import { actUntil, renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

// Edit Destination from its card, the Steam form's key and hint, Check connection, and the card's
// word for a stream a broadcast window started.

beforeEach(() => writeCurrentProject(null));
afterEach(() => {
  cleanup();
  toaster.remove();
  writeCurrentProject(null);
});

async function setup(role: "developer" | "viewer" = "developer") {
  const deps = testDeps();
  const org = await makeOrg(deps);
  const user = await makeUser(deps, { orgId: org.id, role });
  const project = await makeProject(deps, { orgId: org.id, name: "Moonlight Trailer" });
  const caller = await callerFor(deps, user.email);
  const dest = (
    await deps.db
      .insert(destinations)
      .values({
        projectId: project.id,
        name: "Store page",
        type: "steam",
        rtmpUrl: "rtmp://127.0.0.1:1935/app",
        streamKey: "old-token",
      })
      .returning()
  )[0]!;
  writeCurrentProject(project.id);
  renderWithApp(<StreamingPage />, { caller });
  await screen.findByText(STREAMING.managingFor("Moonlight Trailer"));
  await screen.findByTestId(`destination-${dest.id}`);
  return { deps, project, dest };
}

const addStream = async (deps: AppDeps, projectId: number, destinationId: number, extra = {}) =>
  (
    await deps.db
      .insert(streams)
      .values({
        projectId,
        destinationId,
        mediaName: "trailer.mp4",
        destinationName: "Store page",
        destinationType: "steam",
        status: "stopped",
        ...extra,
      })
      .returning()
  )[0]!;

describe("Edit Destination", () => {
  test("opens prefilled; a rotated key and a new name are saved in place, history kept", async () => {
    const { deps: d, project, dest } = await setup();
    const history = await addStream(d, project.id, dest.id);
    fireEvent.click(screen.getByRole("button", { name: `${STREAMING_UI.edit} Store page` }));
    const form = await screen.findByRole("dialog", { name: STREAMING_UI.editDestinationTitle });
    const field = (label: string) => within(form).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
    expect(field(STREAMING_UI.nameLabel).value).toBe("Store page");
    expect(field(STREAMING_UI.streamKeyLabel).value).toBe("old-token");
    expect(field(STREAMING_UI.rtmpUrlLabel).value).toBe("rtmp://127.0.0.1:1935/app");
    expect((within(form).getByRole("combobox") as HTMLSelectElement).disabled).toBe(true);

    fireEvent.change(field(STREAMING_UI.nameLabel), { target: { value: "Store page (new key)" } });
    fireEvent.change(field(STREAMING_UI.streamKeyLabel), { target: { value: "new-token" } });
    await actUntil(
      () => fireEvent.click(within(form).getByRole("button", { name: STREAMING_UI.saveDestination })),
      () => toaster.getVisibleToasts().some((t) => t.title === STREAMING_UI.destinationSavedTitle),
      300,
    );
    const rows = await d.db.select().from(destinations);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: dest.id, name: "Store page (new key)", streamKey: "new-token" });
    expect((await d.db.select().from(streams).limit(1))[0]).toMatchObject({
      id: history.id,
      destinationId: dest.id,
    });
    expect(await screen.findByText("Store page (new key)")).toBeTruthy();
  });

  test("an emptied Steam key is stopped at the form and nothing changes", async () => {
    const { deps, dest } = await setup();
    fireEvent.click(screen.getByRole("button", { name: `${STREAMING_UI.edit} Store page` }));
    const form = await screen.findByRole("dialog", { name: STREAMING_UI.editDestinationTitle });
    fireEvent.change(within(form).getByLabelText(new RegExp(`^${STREAMING_UI.streamKeyLabel}`)), {
      target: { value: "" },
    });
    fireEvent.click(within(form).getByRole("button", { name: STREAMING_UI.saveDestination }));
    expect(await within(form).findByText(STREAMING_UI.streamKeyRequiredSteam)).toBeTruthy();
    expect((await deps.db.select().from(destinations).limit(1))[0]).toMatchObject({
      id: dest.id,
      streamKey: "old-token",
    });
  });

  test("a Twitch address is offered 47 hours in one click, saved; out of range is stopped at the form", async () => {
    const { deps, dest } = await setup();
    fireEvent.click(screen.getByRole("button", { name: `${STREAMING_UI.edit} Store page` }));
    const form = await screen.findByRole("dialog", { name: STREAMING_UI.editDestinationTitle });
    const field = (label: string) => within(form).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
    const hours = () => field(STREAMING_UI.reconnectLabel.replace(/[()]/g, "\\$&"));
    expect(within(form).queryByRole("button", { name: STREAMING_UI.reconnectTwitchUse })).toBeNull();
    fireEvent.change(hours(), { target: { value: "200" } });
    fireEvent.click(within(form).getByRole("button", { name: STREAMING_UI.saveDestination }));
    expect(await within(form).findByText(STREAMING.reconnectHoursInvalid)).toBeTruthy();
    expect((await deps.db.select().from(destinations).limit(1))[0]?.reconnectHours).toBeNull();

    fireEvent.change(hours(), { target: { value: "" } });
    fireEvent.change(field(STREAMING_UI.rtmpUrlLabel), { target: { value: "rtmp://live.twitch.tv/app" } });
    expect(within(form).getByText(STREAMING_UI.reconnectTwitchHint)).toBeTruthy();
    expect(hours().placeholder).toBe("47");
    fireEvent.click(within(form).getByRole("button", { name: STREAMING_UI.reconnectTwitchUse }));
    expect(hours().value).toBe("47");
    await actUntil(
      () => fireEvent.click(within(form).getByRole("button", { name: STREAMING_UI.saveDestination })),
      () => toaster.getVisibleToasts().some((t) => t.title === STREAMING_UI.destinationSavedTitle),
      300,
    );
    expect((await deps.db.select().from(destinations).limit(1))[0]).toMatchObject({
      id: dest.id,
      reconnectHours: 47,
    });
  });

  test("a viewer is offered no Edit", async () => {
    await setup("viewer");
    expect(screen.queryByRole("button", { name: `${STREAMING_UI.edit} Store page` })).toBeNull();
  });
});

describe("Add Destination for Steam", () => {
  async function openForm() {
    const ctx = await setup();
    fireEvent.click(screen.getAllByRole("button", { name: STREAMING.addDestination })[0]!);
    const form = await screen.findByRole("dialog", { name: STREAMING.addDestinationTitle });
    return { ...ctx, form };
  }

  test("the key reads required for Steam and optional for custom RTMP; Steam says where both are", async () => {
    const { form } = await openForm();
    expect(within(form).getByText(STREAMING_UI.streamKeyHintSteam)).toBeTruthy();
    expect(within(form).queryByText(STREAMING_UI.streamKeyHint)).toBeNull();
    expect(within(form).getByTestId("steam-where").textContent).toContain(
      "steamcommunity.com/broadcast/upload",
    );
    expect(within(form).getByText(STREAMING_UI.autorestartHint)).toBeTruthy();
    fireEvent.change(within(form).getByRole("combobox"), { target: { value: "custom" } });
    expect(within(form).getByText(STREAMING_UI.streamKeyHint)).toBeTruthy();
    expect(within(form).queryByTestId("steam-where")).toBeNull();
  });

  test("Check connection answers in a plain sentence, and creates nothing", async () => {
    const { deps, form } = await openForm();
    const url = within(form).getByLabelText(new RegExp(`^${STREAMING_UI.rtmpUrlLabel}`));
    fireEvent.change(url, { target: { value: `rtmp://127.0.0.1:${freePort()}/app` } });
    await actUntil(
      () => fireEvent.click(within(form).getByRole("button", { name: STREAMING_UI.checkConnection })),
      () => within(form).queryByRole("status") !== null,
    );
    expect(within(form).getByRole("status").textContent).toBe(STREAMING.checkRefused);
    expect(await deps.db.select().from(destinations)).toHaveLength(1);
    // Another address hides the answer that was about the first one.
    fireEvent.change(url, { target: { value: "rtmp://127.0.0.1:1/app" } });
    expect(within(form).queryByRole("status")).toBeNull();
  });
});

describe("Add Destination for custom RTMP", () => {
  test("a CA file sits under the advanced settings, for custom RTMP only, and is saved", async () => {
    const { deps } = await setup();
    const dir = mkdtempSync(join(tmpdir(), "console-ca-"));
    const caFile = join(dir, "ca.pem");
    writeFileSync(caFile, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    try {
      fireEvent.click(screen.getAllByRole("button", { name: STREAMING.addDestination })[0]!);
      const form = await screen.findByRole("dialog", { name: STREAMING.addDestinationTitle });
      expect(within(form).queryByRole("button", { name: STREAMING_UI.advancedShow })).toBeNull();
      fireEvent.change(within(form).getByRole("combobox"), { target: { value: "custom" } });
      expect(within(form).queryByLabelText(STREAMING_UI.caFileLabel)).toBeNull();
      fireEvent.click(within(form).getByRole("button", { name: STREAMING_UI.advancedShow }));
      const field = (label: string) =>
        within(form).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
      fireEvent.change(field(STREAMING_UI.nameLabel), { target: { value: "Private ingest" } });
      fireEvent.change(field(STREAMING_UI.rtmpUrlLabel), {
        target: { value: "rtmps://127.0.0.1:1935/live" },
      });
      fireEvent.change(field(STREAMING_UI.caFileLabel), { target: { value: "ca.pem" } });
      fireEvent.click(within(form).getByRole("button", { name: STREAMING_UI.createDestination }));
      expect(await within(form).findByText(STREAMING.caFileInvalid)).toBeTruthy();
      fireEvent.change(field(STREAMING_UI.caFileLabel), { target: { value: caFile } });
      await actUntil(
        () => fireEvent.click(within(form).getByRole("button", { name: STREAMING_UI.createDestination })),
        async () => (await deps.db.select().from(destinations)).length === 2,
        300,
      );
      expect((await deps.db.select().from(destinations))[1]).toMatchObject({
        name: "Private ingest",
        caFile,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test("a stream a broadcast window started says so on its card", async () => {
  const { deps, project, dest } = await setup();
  expect(screen.queryByTestId("started-by-window")).toBeNull();
  cleanup();
  await addStream(deps, project.id, dest.id, { status: "running", scheduleId: 1 });
  const caller = await callerFor(
    deps,
    (await makeUser(deps, { orgId: project.orgId, role: "viewer" })).email,
  );
  writeCurrentProject(project.id);
  renderWithApp(<StreamingPage />, { caller });
  expect((await screen.findByTestId("started-by-window")).textContent).toBe(STREAMING_UI.startedByWindow);
});
