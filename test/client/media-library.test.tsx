import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { MediaTab } from "@client/pages/project-detail/MediaTab";
import type { AppDeps } from "@server/deps";
import { mediaPaths } from "@server/features/media/storage";
import { mediaFiles, playlistItems, playlists } from "@server/platform/db/schema";
import { MEDIA } from "@shared/messages/media";
import { MEDIA_LIBRARY } from "@shared/messages/media-library";
import { PLAYLISTS } from "@shared/messages/playlists";
import type { Role } from "@shared/roles";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { updatesOutsideAct } from "../support/outside-act";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

// The Media tab once the library grows: search and sort as you type, several files picked and
// deleted at once (or refused, naming what holds them), and the storage the project takes.

setDefaultTimeout(30_000);

const { toasts } = updatesOutsideAct();
const DAY = 86_400_000;

async function setup(role: Role) {
  const deps = testDeps();
  const org = await makeOrg(deps);
  const user = await makeUser(deps, { orgId: org.id, role });
  const project = await makeProject(deps, { orgId: org.id });
  // Uploaded a day apart, oldest first: sizes and readiness differ from the upload order.
  const files = [];
  for (const [i, [name, size, ready]] of (
    [
      ["Trailer 10.mp4", 3 * 1024 ** 2, true],
      ["teaser.mp4", 9 * 1024 ** 2, false],
      ["Trailer 2.mp4", 1 * 1024 ** 2, false],
      ["Gameplay.mp4", 5 * 1024 ** 2, true],
    ] as const
  ).entries())
    files.push(await addFile(deps, project.id, name, size, ready, Date.UTC(2026, 0, 1) + i * DAY));
  return { deps, user, project, files, caller: await callerFor(deps, user.email) };
}

async function addFile(
  deps: AppDeps,
  projectId: number,
  name: string,
  size: number,
  ready: boolean,
  at: number,
) {
  const storedName = `${crypto.randomUUID()}.mp4`;
  writeFileSync(mediaPaths(deps.env.DATA_DIR).file(storedName), "x");
  const [row] = await deps.db
    .insert(mediaFiles)
    .values({
      projectId,
      originalName: name,
      storedName,
      mimeType: "video/mp4",
      fileSize: size,
      kind: "video",
      steamReady: ready,
      steamReasons: ready ? [] : ["25 frames per second; Steam needs 30 or 60"],
      createdAt: at,
    })
    .returning();
  return row!;
}

/** The names on the cards, in the order shown. */
const shownNames = () =>
  [...document.querySelectorAll("[data-testid=media-card]")].map(
    (card) => card.querySelector("p[title]")?.getAttribute("title") ?? "",
  );
const sortBy = (value: string) =>
  fireEvent.change(screen.getByLabelText(MEDIA_LIBRARY.sortLabel), { target: { value } });
const orderBy = (value: string) =>
  fireEvent.change(screen.getByLabelText(MEDIA_LIBRARY.orderLabel), { target: { value } });
const search = (value: string) =>
  fireEvent.change(screen.getByLabelText(MEDIA_LIBRARY.searchLabel), { target: { value } });

describe("media library", () => {
  test("newest first; sorted by name, size or readiness, either way; searched as you type", async () => {
    const s = await setup("viewer");
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    await screen.findByText("teaser.mp4");
    expect(shownNames()).toEqual(["Gameplay.mp4", "Trailer 2.mp4", "teaser.mp4", "Trailer 10.mp4"]);
    sortBy("name");
    expect(shownNames()).toEqual(["Gameplay.mp4", "teaser.mp4", "Trailer 2.mp4", "Trailer 10.mp4"]);
    expect((screen.getByLabelText(MEDIA_LIBRARY.orderLabel) as HTMLSelectElement).value).toBe("asc");
    orderBy("desc");
    expect(shownNames()).toEqual(["Trailer 10.mp4", "Trailer 2.mp4", "teaser.mp4", "Gameplay.mp4"]);
    // A new sort starts in its own direction: largest first.
    sortBy("size");
    expect(shownNames()).toEqual(["teaser.mp4", "Gameplay.mp4", "Trailer 10.mp4", "Trailer 2.mp4"]);
    sortBy("readiness");
    expect(shownNames()).toEqual(["Gameplay.mp4", "Trailer 10.mp4", "Trailer 2.mp4", "teaser.mp4"]);

    search("TRAILER");
    expect(shownNames()).toEqual(["Trailer 10.mp4", "Trailer 2.mp4"]);
    expect(screen.getByTestId("media-shown").textContent).toBe(MEDIA_LIBRARY.shownOf(2, 4));
    search("credits");
    expect(shownNames()).toEqual([]);
    expect(screen.getByText(MEDIA_LIBRARY.noMatch("credits"))).toBeTruthy();
    // Not the empty project's invitation: the files are there, just not matching.
    expect(screen.queryByText(MEDIA.tabEmptyTitle)).toBeNull();
    search("");
    expect(shownNames()).toHaveLength(4);
  });

  test("the storage the project takes shows above the files", async () => {
    const s = await setup("viewer");
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    const line = await screen.findByTestId("media-storage");
    expect(line.textContent).toBe(
      `${MEDIA_LIBRARY.storageUsed}: 18.00 MB · ${MEDIA_LIBRARY.storageBreakdown(4, "18.00 MB", "0 Bytes")}`,
    );
  });

  test("an admin picks files, deletes them after confirming, and only those go", async () => {
    const s = await setup("admin");
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    await screen.findByText("teaser.mp4");
    expect(screen.queryByText(MEDIA_LIBRARY.deleteSelected)).toBeNull();
    fireEvent.click(screen.getByLabelText(MEDIA_LIBRARY.selectLabel("teaser.mp4")));
    fireEvent.click(screen.getByLabelText(MEDIA_LIBRARY.selectLabel("Trailer 2.mp4")));
    expect(await screen.findByText(MEDIA_LIBRARY.selected(2))).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: MEDIA_LIBRARY.deleteSelected }));
    expect(await screen.findByText(MEDIA_LIBRARY.confirmDeleteSelected(2))).toBeTruthy();
    expect(await s.deps.db.select().from(mediaFiles)).toHaveLength(4);
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toasts()).toContainEqual([MEDIA.deleted, MEDIA_LIBRARY.deletedCount(2)]));
    await waitFor(() => expect(shownNames()).toEqual(["Gameplay.mp4", "Trailer 10.mp4"]));
    const left = (await s.deps.db.select().from(mediaFiles)).map((r) => r.originalName).sort();
    expect(left).toEqual(["Gameplay.mp4", "Trailer 10.mp4"]);
    expect(screen.queryByTestId("media-selection")).toBeNull();
  });

  test("select all shown takes the search's files only", async () => {
    const s = await setup("admin");
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    await screen.findByText("teaser.mp4");
    search("trailer");
    fireEvent.click(screen.getByLabelText(MEDIA_LIBRARY.selectLabel("Trailer 2.mp4")));
    fireEvent.click(await screen.findByRole("button", { name: MEDIA_LIBRARY.selectAllShown }));
    expect(await screen.findByText(MEDIA_LIBRARY.selected(2))).toBeTruthy();
    expect(screen.queryByRole("button", { name: MEDIA_LIBRARY.selectAllShown })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: MEDIA_LIBRARY.clearSelection }));
    await waitFor(() => expect(screen.queryByTestId("media-selection")).toBeNull());
  });

  test("a file still in a playlist refuses the delete: nothing goes, the refusal names it, the choice stays", async () => {
    const s = await setup("admin");
    const [, teaser] = s.files;
    const [list] = await s.deps.db
      .insert(playlists)
      .values({ projectId: s.project.id, name: "Launch" })
      .returning();
    await s.deps.db.insert(playlistItems).values({ playlistId: list!.id, position: 0, mediaId: teaser!.id });
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    await screen.findByText("Trailer 2.mp4");
    fireEvent.click(screen.getByLabelText(MEDIA_LIBRARY.selectLabel("teaser.mp4")));
    fireEvent.click(screen.getByLabelText(MEDIA_LIBRARY.selectLabel("Trailer 2.mp4")));
    fireEvent.click(await screen.findByRole("button", { name: MEDIA_LIBRARY.deleteSelected }));
    await screen.findByText(MEDIA_LIBRARY.confirmDeleteSelected(2));
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    const refusal = MEDIA_LIBRARY.bulkInUse([
      MEDIA_LIBRARY.inUseItem("teaser.mp4", PLAYLISTS.mediaInPlaylist("Launch")),
    ]);
    await waitFor(() => expect(toasts()).toContainEqual([MEDIA.deleteFailed, refusal]));
    expect(await s.deps.db.select().from(mediaFiles)).toHaveLength(4);
    expect(screen.getByText(MEDIA_LIBRARY.selected(2))).toBeTruthy();
  });

  test("a developer and a viewer get no checkboxes", async () => {
    for (const role of ["developer", "viewer"] as const) {
      const s = await setup(role);
      renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
      await screen.findByText("teaser.mp4");
      expect(screen.queryByLabelText(MEDIA_LIBRARY.selectLabel("teaser.mp4"))).toBeNull();
      cleanup();
    }
  });
});
