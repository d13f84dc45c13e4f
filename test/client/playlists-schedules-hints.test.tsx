import { afterEach, beforeEach, expect, test } from "bun:test";
import { writeCurrentProject } from "@client/app/current-project";
import { toaster } from "@client/lib/notify";
import { PLAYLISTS_UI } from "@client/messages/playlists-ui";
import { SCHEDULES_UI } from "@client/messages/schedules-ui";
import { MediaTab } from "@client/pages/project-detail/MediaTab";
import { ScheduleDialog } from "@client/pages/streaming/schedule/ScheduleDialog";
import {
  destinations,
  mediaFiles,
  playlistItems,
  playlists,
  schedules,
  streams,
} from "@server/platform/db/schema";
import { PLAYLISTS } from "@shared/messages/playlists";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

// Playlists and windows say what a newcomer would otherwise guess: when an edit on air takes effect,
// which entries are videos and which playlists, and which one-off windows are over.

beforeEach(() => writeCurrentProject(null));
afterEach(() => {
  cleanup();
  toaster.remove();
});

async function world() {
  const deps = testDeps();
  const org = await makeOrg(deps);
  const user = await makeUser(deps, { orgId: org.id, role: "developer" });
  const project = await makeProject(deps, { orgId: org.id });
  const video = (
    await deps.db
      .insert(mediaFiles)
      .values({
        projectId: project.id,
        originalName: "trailer.mp4",
        storedName: `${crypto.randomUUID()}.mp4`,
        mimeType: "video/mp4",
        fileSize: 1000,
        kind: "video",
        durationSeconds: 30,
      })
      .returning()
  )[0]!;
  const list = (
    await deps.db.insert(playlists).values({ projectId: project.id, name: "Fest loop" }).returning()
  )[0]!;
  await deps.db.insert(playlistItems).values({ playlistId: list.id, position: 0, mediaId: video.id });
  const dest = (
    await deps.db
      .insert(destinations)
      .values({ projectId: project.id, name: "Steam store", rtmpUrl: "rtmp://127.0.0.1/app", streamKey: "k" })
      .returning()
  )[0]!;
  return { deps, project, video, list, dest, caller: await callerFor(deps, user.email) };
}

test("editing a playlist on air says changes play from the next loop; off air it says nothing", async () => {
  const w = await world();
  renderWithApp(<MediaTab projectId={w.project.id} />, { caller: w.caller });
  const card = await screen.findByTestId(`playlist-${w.list.id}`);
  fireEvent.click(within(card).getByRole("button", { name: PLAYLISTS.edit }));
  const offAir = await screen.findByRole("dialog");
  await within(offAir).findAllByText("trailer.mp4");
  expect(within(offAir).queryByTestId("playlist-on-air-hint")).toBeNull();
  cleanup();

  await w.deps.db.insert(streams).values({
    projectId: w.project.id,
    destinationId: w.dest.id,
    playlistId: w.list.id,
    playlistName: "Fest loop",
    mediaName: "Fest loop",
    destinationName: "Steam store",
    destinationType: "steam",
    status: "running",
  });
  renderWithApp(<MediaTab projectId={w.project.id} />, { caller: w.caller });
  const again = await screen.findByTestId(`playlist-${w.list.id}`);
  fireEvent.click(within(again).getByRole("button", { name: PLAYLISTS.edit }));
  const hint = await screen.findByTestId("playlist-on-air-hint");
  expect(within(hint).getByText(PLAYLISTS_UI.onAirTitle("Steam store"))).toBeTruthy();
  expect(within(hint).getByText(PLAYLISTS_UI.onAirHint)).toBeTruthy();
});

test("the Schedule dialog labels videos and playlists, and marks ended one-off windows", async () => {
  const w = await world();
  const HOUR = 3600_000;
  const now = Date.now();
  const add = async (values: Partial<typeof schedules.$inferInsert>) =>
    (
      await w.deps.db
        .insert(schedules)
        .values({ destinationId: w.dest.id, projectId: w.project.id, kind: "once", ...values })
        .returning()
    )[0]!;
  await add({ startsAt: now - 3 * HOUR, endsAt: now - 2 * HOUR, mediaId: w.video.id });
  await add({ startsAt: now + 2 * HOUR, endsAt: now + 3 * HOUR, playlistId: w.list.id });
  const destination = (await w.caller.streaming.destinations({ projectId: w.project.id }))[0]!;
  renderWithApp(<ScheduleDialog destination={destination} onClose={() => {}} />, { caller: w.caller });
  const rows = await screen.findByTestId("schedule-windows");
  const [first, second] = Array.from(rows.children) as HTMLElement[];
  expect(first!.getAttribute("data-ended")).toBe("true");
  expect(within(first!).getByText(SCHEDULES_UI.ended)).toBeTruthy();
  expect(within(first!).getByText(SCHEDULES_UI.video("trailer.mp4"))).toBeTruthy();
  expect(second!.getAttribute("data-ended")).toBeNull();
  expect(within(second!).queryByText(SCHEDULES_UI.ended)).toBeNull();
  expect(within(second!).getByText(SCHEDULES_UI.playlist("Fest loop"))).toBeTruthy();
  // The choice of what to stream is grouped the same way.
  const select = within(screen.getByRole("dialog")).getByLabelText(SCHEDULES_UI.media);
  const groups = Array.from(select.querySelectorAll("optgroup")).map((g) => g.getAttribute("label"));
  expect(groups).toEqual([SCHEDULES_UI.playlists, SCHEDULES_UI.videos]);
});
