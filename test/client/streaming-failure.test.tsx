import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { writeCurrentProject } from "@client/app/current-project";
import { toaster } from "@client/lib/notify";
import { STREAMING_UI } from "@client/messages/streaming-ui";
import StreamingPage from "@client/pages/streaming/StreamingPage";
import type { AppDeps } from "@server/deps";
import { destinations, streams } from "@server/platform/db/schema";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

// A failed run leaves its trace on its destination card, and a failure that ends a stream while the
// page is open raises a notice.

beforeEach(() => writeCurrentProject(null));
afterEach(() => {
  cleanup();
  toaster.remove();
  writeCurrentProject(null);
});

const REFUSED =
  "[tcp @ 0x5606] Connection to tcp://127.0.0.1:1935 failed\nrtmp://127.0.0.1:1935/live/****: Connection refused";
/** What the card shows of it: the ingest's address, in any spelling, is masked in every answer. */
const SHOWN = "[tcp @ 0x5606] Connection to [ingest] failed\n[ingest]: Connection refused";

async function setup() {
  const deps = testDeps();
  const org = await makeOrg(deps);
  const user = await makeUser(deps, { orgId: org.id, role: "developer" });
  const project = await makeProject(deps, { orgId: org.id, name: "Moonlight Trailer" });
  writeCurrentProject(project.id);
  return { deps, project, caller: await callerFor(deps, user.email) };
}

async function addDestination(deps: AppDeps, projectId: number, name: string) {
  return (
    await deps.db
      .insert(destinations)
      .values({ projectId, name, type: "custom", rtmpUrl: "rtmp://127.0.0.1:1935/live", streamKey: "" })
      .returning()
  )[0]!;
}

async function addStream(
  deps: AppDeps,
  projectId: number,
  destination: { id: number; name: string },
  values: Partial<typeof streams.$inferInsert>,
) {
  return (
    await deps.db
      .insert(streams)
      .values({
        projectId,
        destinationId: destination.id,
        mediaName: "trailer.mp4",
        destinationName: destination.name,
        destinationType: "custom",
        status: "starting",
        ...values,
      })
      .returning()
  )[0]!;
}

const failureTitles = () => toaster.getVisibleToasts().filter((t) => t.title === STREAMING_UI.failedTitle);

describe("a destination's last failure", () => {
  test("the card shows the error badge, the message, when and the count, until the next start", async () => {
    const { deps, project, caller } = await setup();
    const failed = await addDestination(deps, project.id, "Refusing ingest");
    const restarted = await addDestination(deps, project.id, "Started again");
    const at = Date.now() - 5 * 60_000;
    const f = { status: "error" as const, errorCount: 3, lastErrorMessage: REFUSED, lastErrorTime: at };
    await addStream(deps, project.id, failed, { ...f, stoppedAt: at });
    // An older failure, then a newer run that stopped cleanly: nothing to show.
    await addStream(deps, project.id, restarted, { ...f, stoppedAt: at });
    await addStream(deps, project.id, restarted, { status: "stopped", stoppedAt: Date.now() });
    renderWithApp(<StreamingPage />, { caller });

    const card = await screen.findByTestId(`destination-${failed.id}`);
    await waitFor(() => expect(within(card).getByTestId("last-failure")).toBeTruthy());
    expect(card.querySelector("[data-status]")?.getAttribute("data-status")).toBe("error");
    expect(card.querySelector("[data-status]")?.getAttribute("data-palette")).toBe("red");
    const box = within(card).getByTestId("last-failure");
    expect(box.textContent).toContain(STREAMING_UI.failedTitle);
    expect(box.textContent).toContain("5m ago");
    expect(box.textContent).toContain(STREAMING_UI.errorCount(3));
    expect(within(box).getByText("[ingest]: Connection refused").getAttribute("title")).toBe(SHOWN);
    expect(box.textContent).not.toContain("127.0.0.1");
    // The card offers Start again.
    expect(within(card).getByRole("button", { name: STREAMING_UI.start })).toBeTruthy();

    const clean = screen.getByTestId(`destination-${restarted.id}`);
    expect(within(clean).queryByTestId("last-failure")).toBeNull();
    expect(within(clean).getByText(STREAMING_UI.idle)).toBeTruthy();
    // Failures that happened before the page opened are on the cards, not announced.
    expect(failureTitles()).toHaveLength(0);
  });

  test("a failure that ends a stream while the page is open raises a notice once", async () => {
    const { deps, project, caller } = await setup();
    const d = await addDestination(deps, project.id, "Refusing ingest");
    const live = await addStream(deps, project.id, d, { status: "starting" });
    renderWithApp(<StreamingPage />, { caller });
    const card = await screen.findByTestId(`destination-${d.id}`);
    await waitFor(() =>
      expect(card.querySelector("[data-status]")?.getAttribute("data-status")).toBe("starting"),
    );

    const at = Date.now();
    await deps.db
      .update(streams)
      .set({ status: "error", errorCount: 1, lastErrorMessage: REFUSED, lastErrorTime: at, stoppedAt: at })
      .where(eq(streams.id, live.id));
    // The page polls every 2 s while something is live.
    await waitFor(() => expect(failureTitles()).toHaveLength(1), { timeout: 6000 });
    expect(failureTitles()[0]?.description).toBe(STREAMING_UI.streamFailedMessage("Refusing ingest"));
    await waitFor(() => expect(within(card).getByTestId("last-failure").textContent).toContain("1 error"), {
      timeout: 6000,
    });
    expect(card.querySelector("[data-status]")?.getAttribute("data-status")).toBe("error");
    expect(failureTitles()).toHaveLength(1);
  }, 20_000);
});
