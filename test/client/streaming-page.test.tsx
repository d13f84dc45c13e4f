import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { writeCurrentProject } from "@client/app/current-project";
import { deniedReason } from "@client/app/permissions";
import { toaster } from "@client/lib/notify";
import { FORMS_UI } from "@client/messages/forms-ui";
import { SCHEDULES_UI } from "@client/messages/schedules-ui";
import { STREAMING_UI } from "@client/messages/streaming-ui";
import StreamingPage from "@client/pages/streaming/StreamingPage";
import type { AppDeps } from "@server/deps";
import { mediaPaths } from "@server/features/media/storage";
import { destinations, mediaFiles, streams, users } from "@server/platform/db/schema";
import { STREAMING } from "@shared/messages/streaming";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

// Another screen's test in the same process may have left a current project behind.
beforeEach(() => writeCurrentProject(null));

afterEach(() => {
  cleanup();
  toaster.remove();
  writeCurrentProject(null);
});

/** An action whose async tail closes a dialog: zag finishes the close in a microtask, so run it in act. */
async function settle(action: () => void, ms = 300) {
  await act(async () => {
    action();
    await Bun.sleep(ms);
  });
}

const toastTitles = () => toaster.getVisibleToasts().map((t) => t.title);

/**
 * "demoted": a developer whom an admin made a viewer while their page was open. The page still
 * holds the developer's session (and offers a developer's controls); the server now refuses them.
 */
type SetupRole = "admin" | "developer" | "viewer" | "demoted";

async function setup(role: SetupRole = "admin", env = {}) {
  const deps = testDeps(env);
  const org = await makeOrg(deps);
  const user = await makeUser(deps, { orgId: org.id, role: role === "demoted" ? "developer" : role });
  const project = await makeProject(deps, { orgId: org.id, name: "Moonlight Trailer" });
  const caller = role === "demoted" ? await demoted(deps, user) : await callerFor(deps, user.email);
  return { deps, org, user, project, caller };
}

const SECRET_KEY = "sk_live_9f8e7d6c";

async function addDestination(deps: AppDeps, projectId: number, name: string, autorestart = false) {
  return (
    await deps.db
      .insert(destinations)
      .values({
        projectId,
        name,
        type: "custom",
        rtmpUrl: "rtmp://127.0.0.1:1935/live",
        streamKey: SECRET_KEY,
        autorestart,
      })
      .returning()
  )[0]!;
}

async function addMedia(deps: AppDeps, projectId: number, name: string, kind: "video" | "image" = "video") {
  // A file on disk, as a start checks; its content never matters here (no ingest is listening).
  const storedName = `${crypto.randomUUID()}.mp4`;
  const path = mediaPaths(deps.env.DATA_DIR).file(storedName);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, "");
  return (
    await deps.db
      .insert(mediaFiles)
      .values({
        projectId,
        originalName: name,
        storedName,
        mimeType: "video/mp4",
        fileSize: 2048,
        kind,
        // Marked stream-copyable so a start never launches a preparation job in these tests.
        steamReady: true,
      })
      .returning()
  )[0]!;
}

async function addStream(
  deps: AppDeps,
  projectId: number,
  destination: { id: number; name: string } | null,
  status: "starting" | "running" | "stopping" | "stopped" | "error",
  extra: Partial<typeof streams.$inferInsert> = {},
) {
  return (
    await deps.db
      .insert(streams)
      .values({
        projectId,
        destinationId: destination?.id ?? null,
        mediaName: "trailer.mp4",
        mediaSize: 5 * 1024 * 1024,
        destinationName: destination?.name ?? "Gone",
        destinationType: "custom",
        status,
        ...extra,
      })
      .returning()
  )[0]!;
}

async function demoted(deps: AppDeps, user: { id: number; email: string }) {
  const before = await callerFor(deps, user.email);
  await deps.db.update(users).set({ role: "viewer" }).where(eq(users.id, user.id));
  const now = await callerFor(deps, user.email);
  return new Proxy(now, { get: (target, key) => (key === "auth" ? before.auth : Reflect.get(target, key)) });
}

describe("Streaming page", () => {
  test("without a project: the empty state, and Add Destination is disabled", async () => {
    const { caller } = await setup();
    renderWithApp(<StreamingPage />, { caller });
    expect(await screen.findByText(STREAMING.noProjectTitle)).toBeTruthy();
    expect(screen.getByRole("heading", { name: STREAMING.title })).toBeTruthy();
    expect(
      (screen.getByRole("button", { name: STREAMING.addDestination }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  test("with a project: its name, its destinations, and Start only when nothing is live", async () => {
    const { deps, project, caller } = await setup();
    await addDestination(deps, project.id, "Steam store page");
    writeCurrentProject(project.id);
    renderWithApp(<StreamingPage />, { caller });
    expect(await screen.findByText(STREAMING.managingFor("Moonlight Trailer"))).toBeTruthy();
    const card = await screen.findByTestId(/^destination-/);
    expect(within(card).getByText("Steam store page")).toBeTruthy();
    expect(within(card).getByRole("button", { name: STREAMING_UI.start })).toBeTruthy();
    expect(within(card).queryByRole("button", { name: STREAMING_UI.stop })).toBeNull();
    expect(within(card).queryByRole("button", { name: STREAMING_UI.change })).toBeNull();
    expect(
      (screen.getByRole("button", { name: STREAMING.addDestination }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});

describe("destination controls", () => {
  test("Stop and Change only while running or starting; badges in their status colours", async () => {
    const { deps, project, caller } = await setup("developer");
    const running = await addDestination(deps, project.id, "Running one");
    const starting = await addDestination(deps, project.id, "Starting one");
    const stopping = await addDestination(deps, project.id, "Stopping one");
    const idle = await addDestination(deps, project.id, "Idle one");
    await addStream(deps, project.id, running, "running");
    await addStream(deps, project.id, starting, "starting");
    await addStream(deps, project.id, stopping, "stopping");
    await addStream(deps, project.id, idle, "stopped");
    writeCurrentProject(project.id);
    renderWithApp(<StreamingPage />, { caller });

    const card = async (d: { id: number }) => screen.findByTestId(`destination-${d.id}`);
    const buttons = async (d: { id: number }) =>
      within(await card(d))
        .getAllByRole("button")
        .map((b) => b.textContent)
        // Schedule and Edit are on every card whatever the state; these are the stream controls.
        .filter((t) => t !== SCHEDULES_UI.button && t !== STREAMING_UI.edit);
    expect(await buttons(running)).toEqual([STREAMING_UI.change, STREAMING_UI.stop, STREAMING_UI.delete]);
    expect(await buttons(starting)).toEqual([STREAMING_UI.change, STREAMING_UI.stop, STREAMING_UI.delete]);
    expect(await buttons(stopping)).toEqual([STREAMING_UI.start, STREAMING_UI.delete]);
    expect(
      within(await card(stopping))
        .getByRole("button", { name: STREAMING_UI.start })
        .hasAttribute("disabled"),
    ).toBe(true);
    expect(await buttons(idle)).toEqual([STREAMING_UI.start, STREAMING_UI.delete]);

    const palette = async (d: { id: number }) =>
      (await card(d)).querySelector("[data-status]")?.getAttribute("data-palette");
    expect(await palette(running)).toBe("green");
    expect(await palette(starting)).toBe("yellow");
    expect(await palette(stopping)).toBe("orange");
    // An idle destination has no stream state at all, so no coloured badge.
    expect(await palette(idle)).toBeUndefined();
  });

  test("the autorestart switch saves and says so", async () => {
    const { deps, project, caller } = await setup("developer");
    const d = await addDestination(deps, project.id, "Steam");
    writeCurrentProject(project.id);
    renderWithApp(<StreamingPage />, { caller });
    const card = await screen.findByTestId(`destination-${d.id}`);
    fireEvent.click(within(card).getByRole("checkbox"));
    await waitFor(() => expect(toastTitles()).toContain(STREAMING.autorestartEnabled));
    expect((await deps.db.select().from(destinations).limit(1))[0]?.autorestart).toBe(true);
    await waitFor(() => expect((within(card).getByRole("checkbox") as HTMLInputElement).checked).toBe(true));
    fireEvent.click(within(card).getByRole("checkbox"));
    await waitFor(() => expect(toastTitles()).toContain(STREAMING.autorestartDisabled));
    expect((await deps.db.select().from(destinations).limit(1))[0]?.autorestart).toBe(false);
  });

  test("an autorestart change the server refuses (403) reads 'Failed to update destination'", async () => {
    const { deps, project, caller } = await setup("demoted");
    const d = await addDestination(deps, project.id, "Steam");
    writeCurrentProject(project.id);
    renderWithApp(<StreamingPage />, { caller });
    const card = await screen.findByTestId(`destination-${d.id}`);
    fireEvent.click(within(card).getByRole("checkbox"));
    await waitFor(() => expect(toastTitles()).toContain(STREAMING.updateDestinationFailed));
    expect((await deps.db.select().from(destinations).limit(1))[0]?.autorestart).toBe(false);
  });

  test("Start lists only videos; over the limit the Stream Limit Reached dialog explains it", async () => {
    const { deps, project, caller } = await setup("developer", { MAX_CONCURRENT_STREAMS: "1" });
    const busy = await addDestination(deps, project.id, "Busy");
    const free = await addDestination(deps, project.id, "Free");
    await addStream(deps, project.id, busy, "running");
    await addMedia(deps, project.id, "gameplay.mp4");
    await addMedia(deps, project.id, "capsule.png", "image");
    writeCurrentProject(project.id);
    renderWithApp(<StreamingPage />, { caller });

    fireEvent.click(
      within(await screen.findByTestId(`destination-${free.id}`)).getByRole("button", {
        name: STREAMING_UI.start,
      }),
    );
    const picker = await screen.findByRole("dialog", { name: STREAMING.selectMediaTitle });
    expect(await within(picker).findByText("gameplay.mp4")).toBeTruthy();
    expect(within(picker).queryByText("capsule.png")).toBeNull();
    fireEvent.click(within(picker).getByText("gameplay.mp4"));

    const limit = await screen.findByRole("alertdialog", { name: STREAMING.limitTitle });
    expect(within(limit).getByText(STREAMING.limitReached)).toBeTruthy();
    expect(within(limit).getByText("Current: 1/1 streams")).toBeTruthy();
    expect(within(limit).getByText(STREAMING.limitAdvice)).toBeTruthy();
    fireEvent.click(within(limit).getByRole("button", { name: STREAMING.limitButton }));
    // Closing plays an exit animation that happy-dom never finishes: the closed state is what counts.
    await waitFor(() => expect(limit.getAttribute("data-state")).toBe("closed"));
    expect(toastTitles()).not.toContain(STREAMING.startFailed);
    // Nothing was started: only the busy destination's stream exists.
    expect(await deps.db.select().from(streams)).toHaveLength(1);
  });

  test("the stream key is never shown; viewers are not even told whether one is set", async () => {
    const dev = await setup("developer");
    const d = await addDestination(dev.deps, dev.project.id, "Steam");
    writeCurrentProject(dev.project.id);
    const { container, unmount } = renderWithApp(<StreamingPage />, { caller: dev.caller });
    const card = await screen.findByTestId(`destination-${d.id}`);
    expect(within(card).getByText(STREAMING_UI.keySet)).toBeTruthy();
    expect(container.ownerDocument.body.innerHTML).not.toContain(SECRET_KEY);
    unmount();

    const viewer = await makeUser(dev.deps, { orgId: dev.org.id, role: "viewer" });
    renderWithApp(<StreamingPage />, { caller: await callerFor(dev.deps, viewer.email) });
    const seen = await screen.findByTestId(`destination-${d.id}`);
    expect(within(seen).queryByText(STREAMING_UI.keySet)).toBeNull();
    expect(within(seen).queryByText(STREAMING_UI.noKey)).toBeNull();
  });

  test("a Start the server refuses (403) shows its own permission text", async () => {
    const { deps, project, caller } = await setup("demoted");
    const d = await addDestination(deps, project.id, "Steam");
    await addMedia(deps, project.id, "gameplay.mp4");
    writeCurrentProject(project.id);
    renderWithApp(<StreamingPage />, { caller });
    fireEvent.click(
      within(await screen.findByTestId(`destination-${d.id}`)).getByRole("button", {
        name: STREAMING_UI.start,
      }),
    );
    fireEvent.click(await screen.findByText("gameplay.mp4"));
    await waitFor(() => expect(toastTitles()).toContain(STREAMING.startFailed));
    expect(toaster.getVisibleToasts().find((t) => t.title === STREAMING.startFailed)?.description).toBe(
      STREAMING.forbiddenStart,
    );
  });

  test("a Stop the server refuses (403) shows its own permission text", async () => {
    const { deps, project, caller } = await setup("demoted");
    const d = await addDestination(deps, project.id, "Steam");
    await addStream(deps, project.id, d, "running");
    writeCurrentProject(project.id);
    renderWithApp(<StreamingPage />, { caller });
    fireEvent.click(
      within(await screen.findByTestId(`destination-${d.id}`)).getByRole("button", {
        name: STREAMING_UI.stop,
      }),
    );
    fireEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: STREAMING_UI.stop }),
    );
    await waitFor(() => expect(toastTitles()).toContain(STREAMING.stopFailed));
    expect(toaster.getVisibleToasts().find((t) => t.title === STREAMING.stopFailed)?.description).toBe(
      STREAMING.forbiddenStop,
    );
    expect((await deps.db.select().from(streams).limit(1))[0]?.status).toBe("running");
  });
});

describe("What a viewer is offered", () => {
  test("no Start, Stop, Change or Delete; Add Destination and Auto-restart are off, with the reason", async () => {
    const { deps, project, caller } = await setup("viewer");
    const idle = await addDestination(deps, project.id, "Steam", true);
    const busy = await addDestination(deps, project.id, "Twitch");
    await addStream(deps, project.id, busy, "running");
    const ended = await addStream(deps, project.id, null, "stopped");
    writeCurrentProject(project.id);
    renderWithApp(<StreamingPage />, { caller });
    const reason = deniedReason("viewer", "destination.manage");
    for (const id of [idle.id, busy.id]) {
      const card = await screen.findByTestId(`destination-${id}`);
      for (const name of [STREAMING_UI.start, STREAMING_UI.stop, STREAMING_UI.change, /Delete/]) {
        expect(within(card).queryByRole("button", { name })).toBeNull();
      }
      const toggle = within(card).getByRole("checkbox") as HTMLInputElement;
      expect(toggle.disabled).toBe(true);
      expect(toggle.closest("[title]")?.getAttribute("title")).toBe(reason);
    }
    expect(
      (within(screen.getByTestId(`destination-${idle.id}`)).getByRole("checkbox") as HTMLInputElement)
        .checked,
    ).toBe(true);
    const add = screen.getByRole("button", { name: STREAMING.addDestination }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(add.closest("[title]")?.getAttribute("title")).toBe(reason);
    expect(reason).toBe(
      "Your role (Viewer) cannot add, change or delete destinations. Ask an Administrator, Manager or Developer.",
    );
    const row = await screen.findByTestId(`history-${ended.id}`);
    expect(within(row).queryByRole("button", { name: STREAMING_UI.delete })).toBeNull();
  });

  test("a viewer's empty list offers no Add Destination", async () => {
    const { project, caller } = await setup("viewer");
    writeCurrentProject(project.id);
    renderWithApp(<StreamingPage />, { caller });
    expect(await screen.findByText(STREAMING_UI.noDestinationsTitle)).toBeTruthy();
    expect(screen.getAllByRole("button", { name: STREAMING.addDestination })).toHaveLength(1);
  });
});

describe("Stop and Change", () => {
  test("Stop asks first; Cancel leaves the broadcast on air", async () => {
    const { deps, project, caller } = await setup("developer");
    const d = await addDestination(deps, project.id, "Steam");
    await addStream(deps, project.id, d, "running");
    writeCurrentProject(project.id);
    renderWithApp(<StreamingPage />, { caller });
    const card = await screen.findByTestId(`destination-${d.id}`);
    fireEvent.click(within(card).getByRole("button", { name: STREAMING_UI.stop }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText(STREAMING_UI.stopTitle)).toBeTruthy();
    expect(within(confirm).getByText(STREAMING_UI.stopQuestion("Steam"))).toBeTruthy();
    await settle(() => fireEvent.click(within(confirm).getByRole("button", { name: FORMS_UI.cancel })));
    expect((await deps.db.select().from(streams).limit(1))[0]?.status).toBe("running");
    expect(toastTitles()).not.toContain(STREAMING.streamStoppedTitle);
  });

  test("Stop ends the stream, says so, and the destination offers Start again", async () => {
    const { deps, project, caller } = await setup("developer");
    const d = await addDestination(deps, project.id, "Steam");
    const live = await addStream(deps, project.id, d, "running");
    writeCurrentProject(project.id);
    renderWithApp(<StreamingPage />, { caller });
    const card = await screen.findByTestId(`destination-${d.id}`);
    fireEvent.click(within(card).getByRole("button", { name: STREAMING_UI.stop }));
    const confirm = await screen.findByRole("alertdialog");
    await settle(() => fireEvent.click(within(confirm).getByRole("button", { name: STREAMING_UI.stop })));
    expect(toastTitles()).toContain(STREAMING.streamStoppedTitle);
    expect(await within(card).findByRole("button", { name: STREAMING_UI.start })).toBeTruthy();
    // Both lists were refreshed: the history row shows the grey stopped badge.
    await waitFor(() =>
      expect(
        screen.getByTestId(`history-${live.id}`).querySelector("[data-status]")?.getAttribute("data-palette"),
      ).toBe("gray"),
    );
    expect((await deps.db.select().from(streams).limit(1))[0]?.status).toBe("stopped");
  });

  test("Change stops the stream, waits a second, then starts the new media", async () => {
    const { deps, project, caller } = await setup("developer");
    const d = await addDestination(deps, project.id, "Steam");
    const oldMedia = await addMedia(deps, project.id, "old.mp4");
    await addMedia(deps, project.id, "new.mp4");
    const live = await addStream(deps, project.id, d, "running", {
      mediaId: oldMedia.id,
      mediaName: "old.mp4",
    });
    writeCurrentProject(project.id);
    renderWithApp(<StreamingPage />, { caller });
    fireEvent.click(
      within(await screen.findByTestId(`destination-${d.id}`)).getByRole("button", {
        name: STREAMING_UI.change,
      }),
    );
    const picker = await screen.findByRole("dialog", { name: STREAMING.selectMediaTitle });
    expect(within(picker).getByText(STREAMING_UI.changeMediaHint("Steam"))).toBeTruthy();
    fireEvent.click(within(picker).getByText("new.mp4"));
    // Waits on what the page does, not on fixed sleeps: on a busy machine the stop, the pause and the
    // start each take longer than their nominal time.
    await waitFor(() => expect(toastTitles()).toContain(STREAMING.streamStoppedTitle), { timeout: 5000 });
    const stoppedAt = (await deps.db.select().from(streams).where(eq(streams.id, live.id)).limit(1))[0]!
      .stoppedAt!;
    await waitFor(() => expect(toastTitles()).toContain(STREAMING.streamStartedTitle), { timeout: 5000 });
    const next = (await deps.db.select().from(streams)).find((s) => s.id !== live.id)!;
    expect(next.mediaName).toBe("new.mp4");
    expect(next.startedAt - stoppedAt).toBeGreaterThanOrEqual(1000);
    await deps.supervisor.shutdown();
    // The page pauses a second on purpose, and the set-up hashes and checks a password (argon2, about a
    // second each under load): more than the default 5 s on a loaded machine, with nothing wrong.
  }, 15_000);
});

test("deleting a destination asks first, stops its stream and removes it", async () => {
  const { deps, project, caller } = await setup("developer");
  const d = await addDestination(deps, project.id, "Old ingest");
  const live = await addStream(deps, project.id, d, "running");
  writeCurrentProject(project.id);
  renderWithApp(<StreamingPage />, { caller });
  const card = await screen.findByTestId(`destination-${d.id}`);
  fireEvent.click(within(card).getByRole("button", { name: `${STREAMING_UI.delete} Old ingest` }));
  const dialog = await screen.findByRole("alertdialog", { name: STREAMING_UI.deleteDestinationTitle });
  expect(within(dialog).getByText(STREAMING_UI.deleteDestinationQuestion("Old ingest"))).toBeTruthy();
  await settle(() => fireEvent.click(within(dialog).getByRole("button", { name: STREAMING_UI.delete })));
  expect(toastTitles()).toContain(STREAMING_UI.destinationDeletedTitle);
  await waitFor(() => expect(screen.queryByTestId(`destination-${d.id}`)).toBeNull());
  // The history keeps the stream, now ended.
  expect((await deps.db.select().from(streams).where(eq(streams.id, live.id)).limit(1))[0]?.status).toBe(
    "stopped",
  );
});

describe("Add Stream Destination", () => {
  async function openForm(role: SetupRole = "admin") {
    const ctx = await setup(role);
    writeCurrentProject(ctx.project.id);
    renderWithApp(<StreamingPage />, { caller: ctx.caller });
    await screen.findByText(STREAMING.managingFor("Moonlight Trailer"));
    fireEvent.click(screen.getAllByRole("button", { name: STREAMING.addDestination })[0]!);
    const form = await screen.findByRole("dialog", { name: STREAMING.addDestinationTitle });
    const field = (label: string) => within(form).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
    return { ...ctx, form, field };
  }

  test("defaults to Steam with its ingest URL, autorestart off, and checks name and URL", async () => {
    const { deps, form, field } = await openForm();
    expect((within(form).getByRole("combobox") as HTMLSelectElement).value).toBe("steam");
    expect(field(STREAMING_UI.rtmpUrlLabel).value).toBe("rtmp://ingest-rtmp.broadcast.steamcontent.com/app");
    expect((within(form).getByRole("checkbox") as HTMLInputElement).checked).toBe(false);

    fireEvent.click(within(form).getByRole("button", { name: STREAMING_UI.createDestination }));
    expect(await within(form).findByText(STREAMING.nameRequired)).toBeTruthy();

    // Custom RTMP clears the Steam URL, which is then required.
    fireEvent.change(within(form).getByRole("combobox"), { target: { value: "custom" } });
    expect(field(STREAMING_UI.rtmpUrlLabel).value).toBe("");
    fireEvent.change(field(STREAMING_UI.nameLabel), { target: { value: "My server" } });
    fireEvent.click(within(form).getByRole("button", { name: STREAMING_UI.createDestination }));
    expect(await within(form).findByText(STREAMING.rtmpUrlRequired)).toBeTruthy();
    expect(within(form).queryByText(STREAMING.nameRequired)).toBeNull();

    fireEvent.change(field(STREAMING_UI.rtmpUrlLabel), { target: { value: "https://ingest.example/app" } });
    fireEvent.click(within(form).getByRole("button", { name: STREAMING_UI.createDestination }));
    expect(await within(form).findByText(STREAMING.rtmpUrlScheme)).toBeTruthy();
    expect(await deps.db.select().from(destinations)).toHaveLength(0);
  });

  test("a valid form creates the destination, says so, and lists it", async () => {
    const { deps, project, form, field } = await openForm();
    fireEvent.change(field(STREAMING_UI.nameLabel), { target: { value: "Next Fest" } });
    fireEvent.change(field(STREAMING_UI.streamKeyLabel), { target: { value: "secret-key" } });
    fireEvent.click(within(form).getByText(STREAMING_UI.autorestartLabel));
    await waitFor(() => expect((within(form).getByRole("checkbox") as HTMLInputElement).checked).toBe(true));
    await settle(() =>
      fireEvent.click(within(form).getByRole("button", { name: STREAMING_UI.createDestination })),
    );
    expect(toastTitles()).toContain(STREAMING.destinationCreatedTitle);
    const row = (await deps.db.select().from(destinations).limit(1))[0]!;
    expect(row).toMatchObject({
      name: "Next Fest",
      type: "steam",
      rtmpUrl: "rtmp://ingest-rtmp.broadcast.steamcontent.com/app",
      streamKey: "secret-key",
      autorestart: true,
      projectId: project.id,
    });
    expect(await screen.findByTestId(`destination-${row.id}`)).toBeTruthy();
    await waitFor(() => expect(form.getAttribute("data-state")).toBe("closed"));
    await waitFor(() => expect(document.querySelector("[role=dialog]")).toBeNull(), { timeout: 3000 });
  });

  test("a refusal (403) shows its own permission text", async () => {
    const { deps, form, field } = await openForm("demoted");
    fireEvent.change(field(STREAMING_UI.nameLabel), { target: { value: "Next Fest" } });
    fireEvent.change(field(STREAMING_UI.streamKeyLabel), { target: { value: "secret-key" } });
    fireEvent.click(within(form).getByRole("button", { name: STREAMING_UI.createDestination }));
    await waitFor(() => expect(toastTitles()).toContain(STREAMING.createDestinationFailed));
    expect(toaster.getVisibleToasts()[0]?.description).toBe(STREAMING.forbiddenCreateDestination);
    expect(await deps.db.select().from(destinations)).toHaveLength(0);
    expect(form.getAttribute("data-state")).toBe("open");
  });
});

describe("Stream Activity History", () => {
  const HOUR = 3_600_000;

  test("rows expand and collapse with duration, size, errors and the last error", async () => {
    const { deps, project, caller } = await setup("developer");
    const d = await addDestination(deps, project.id, "Steam");
    const t0 = Date.now() - 5 * HOUR;
    const failed = await addStream(deps, project.id, d, "error", {
      startedAt: t0,
      stoppedAt: t0 + HOUR + 2 * 60_000 + 3_000,
      errorCount: 3,
      lastErrorMessage: "Connection refused (key ****)",
      lastErrorTime: t0 + HOUR,
    });
    writeCurrentProject(project.id);
    renderWithApp(<StreamingPage />, { caller });

    const row = await screen.findByTestId(`history-${failed.id}`);
    expect(row.querySelector("[data-status]")?.getAttribute("data-palette")).toBe("red");
    expect(screen.queryByTestId(`history-details-${failed.id}`)).toBeNull();
    const toggle = within(row).getByRole("button", { expanded: false });
    fireEvent.click(toggle);
    const details = await screen.findByTestId(`history-details-${failed.id}`);
    expect(within(details).getAllByText("1h 2m 3s").length).toBeGreaterThan(0);
    expect(within(details).getByText("5.00 MB")).toBeTruthy();
    expect(within(details).getByText("3")).toBeTruthy();
    expect(within(details).getByText("Connection refused (key ****)")).toBeTruthy();
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.queryByTestId(`history-details-${failed.id}`)).toBeNull());
  });

  test("Delete appears only on ended records and asks for confirmation first", async () => {
    const { deps, project, caller } = await setup("developer");
    const d = await addDestination(deps, project.id, "Steam");
    const live = await addStream(deps, project.id, d, "running");
    const stopped = await addStream(deps, project.id, d, "stopped", {
      mediaName: "teaser.mp4",
      stoppedAt: Date.now(),
    });
    writeCurrentProject(project.id);
    renderWithApp(<StreamingPage />, { caller });

    const liveRow = await screen.findByTestId(`history-${live.id}`);
    const stoppedRow = screen.getByTestId(`history-${stopped.id}`);
    expect(within(liveRow).queryByText(STREAMING_UI.delete)).toBeNull();
    fireEvent.click(within(stoppedRow).getByText(STREAMING_UI.delete));
    const dialog = await screen.findByRole("alertdialog", { name: STREAMING.deleteRecordTitle });
    expect(
      within(dialog).getByText('Are you sure you want to delete the stream record for "teaser.mp4"?'),
    ).toBeTruthy();
    expect(within(dialog).getByText(STREAMING.cannotBeUndone)).toBeTruthy();
    // Opening the dialog from the row's button does not expand the row.
    expect(screen.queryByTestId(`history-details-${stopped.id}`)).toBeNull();

    await settle(() => fireEvent.click(within(dialog).getByRole("button", { name: STREAMING_UI.delete })));
    expect(toastTitles()).toContain(STREAMING.streamDeletedTitle);
    await waitFor(() => expect(screen.queryByTestId(`history-${stopped.id}`)).toBeNull());
    expect((await deps.db.select().from(streams)).map((s) => s.id)).toEqual([live.id]);
  });

  test("a refetch drops a selection that no longer exists", async () => {
    const { deps, project, caller } = await setup("developer");
    const d = await addDestination(deps, project.id, "Steam");
    const chosen = await addStream(deps, project.id, d, "stopped", { mediaName: "chosen.mp4" });
    const second = await addStream(deps, project.id, d, "stopped", { mediaName: "second.mp4" });
    const third = await addStream(deps, project.id, d, "stopped", { mediaName: "third.mp4" });
    writeCurrentProject(project.id);
    renderWithApp(<StreamingPage />, { caller });
    const deleteThroughPage = async (id: number) => {
      fireEvent.click(within(screen.getByTestId(`history-${id}`)).getByText(STREAMING_UI.delete));
      const dialog = await screen.findByRole("alertdialog", { name: STREAMING.deleteRecordTitle });
      await settle(() => fireEvent.click(within(dialog).getByRole("button", { name: STREAMING_UI.delete })));
      await waitFor(() => expect(screen.queryByTestId(`history-${id}`)).toBeNull());
    };

    fireEvent.click(
      within(await screen.findByTestId(`history-${chosen.id}`)).getByRole("button", { expanded: false }),
    );
    expect(await screen.findByTestId(`history-details-${chosen.id}`)).toBeTruthy();
    // The expanded record goes away behind the page's back; deleting another one refetches the list.
    await deps.db.delete(streams).where(eq(streams.id, chosen.id));
    await deleteThroughPage(second.id);
    expect(screen.queryByTestId(`history-${chosen.id}`)).toBeNull();
    // A record with the same id returns: the dropped selection must not open it again.
    await deps.db.insert(streams).values({
      id: chosen.id,
      projectId: project.id,
      mediaName: "back.mp4",
      destinationName: "Steam",
      destinationType: "custom",
      status: "stopped",
    });
    await deleteThroughPage(third.id);
    expect(await screen.findByText("back.mp4 → Steam")).toBeTruthy();
    expect(screen.queryByTestId(`history-details-${chosen.id}`)).toBeNull();
  });

  test("a delete the server refuses (403) shows its own permission text", async () => {
    const { deps, project, caller } = await setup("demoted");
    const d = await addDestination(deps, project.id, "Steam");
    const stopped = await addStream(deps, project.id, d, "stopped");
    writeCurrentProject(project.id);
    renderWithApp(<StreamingPage />, { caller });
    fireEvent.click(
      within(await screen.findByTestId(`history-${stopped.id}`)).getByText(STREAMING_UI.delete),
    );
    const dialog = await screen.findByRole("alertdialog", { name: STREAMING.deleteRecordTitle });
    await settle(() => fireEvent.click(within(dialog).getByRole("button", { name: STREAMING_UI.delete })));
    expect(toastTitles()).toContain(STREAMING.deleteFailed);
    expect(toaster.getVisibleToasts().find((t) => t.title === STREAMING.deleteFailed)?.description).toBe(
      STREAMING.forbiddenDelete,
    );
    expect(await deps.db.select().from(streams)).toHaveLength(1);
  });

  test("'Clear All Ended' is not offered to non-admins", async () => {
    const { deps, project, caller } = await setup("developer");
    const stopped = await addStream(deps, project.id, null, "stopped");
    writeCurrentProject(project.id);
    renderWithApp(<StreamingPage />, { caller });
    await screen.findByTestId(`history-${stopped.id}`);
    expect(screen.queryByText(STREAMING.clearAllEnded)).toBeNull();
  });

  test("'Clear All Ended' asks first, names the project, then removes only its ended records", async () => {
    const { deps, org, project, caller } = await setup("admin");
    const d = await addDestination(deps, project.id, "Steam");
    const live = await addStream(deps, project.id, d, "running");
    await addStream(deps, project.id, d, "stopped");
    await addStream(deps, project.id, d, "error");
    const other = await makeProject(deps, { orgId: org.id, name: "Other Game" });
    const othersEnded = await addStream(deps, other.id, null, "stopped");
    writeCurrentProject(project.id);
    renderWithApp(<StreamingPage />, { caller });
    fireEvent.click(await screen.findByRole("button", { name: STREAMING.clearAllEnded }));
    const dialog = await screen.findByRole("alertdialog", { name: STREAMING.clearAllEnded });
    expect(within(dialog).getByText(STREAMING.clearEndedQuestion)).toBeTruthy();
    expect(within(dialog).getByText(STREAMING_UI.clearEndedScope("Moonlight Trailer"))).toBeTruthy();
    await settle(() =>
      fireEvent.click(within(dialog).getByRole("button", { name: STREAMING.clearAllEnded })),
    );
    expect(toaster.getVisibleToasts().find((t) => t.title === STREAMING.clearedTitle)?.description).toBe(
      "Successfully deleted 2 ended streams",
    );
    expect((await deps.db.select().from(streams)).map((s) => s.id)).toEqual([live.id, othersEnded.id]);
  });
});
