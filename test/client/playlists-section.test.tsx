import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { toaster } from "@client/lib/notify";
import { MediaTab } from "@client/pages/project-detail/MediaTab";
import { destinations, mediaFiles, playlists, streams } from "@server/platform/db/schema";
import { PLAYLISTS } from "@shared/messages/playlists";
import type { Role } from "@shared/roles";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { updatesOutsideAct } from "../support/outside-act";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

// The Media tab's Playlists section against the real server: build, reorder, save, edit, delete.
setDefaultTimeout(30_000);

updatesOutsideAct();

async function setup(role: Role) {
  const deps = testDeps();
  const org = await makeOrg(deps);
  const user = await makeUser(deps, { orgId: org.id, role });
  const project = await makeProject(deps, { orgId: org.id });
  const video = async (name: string, seconds: number) =>
    (
      await deps.db
        .insert(mediaFiles)
        .values({
          projectId: project.id,
          originalName: name,
          storedName: `${crypto.randomUUID()}.mp4`,
          mimeType: "video/mp4",
          fileSize: 1000,
          kind: "video",
          durationSeconds: seconds,
        })
        .returning()
    )[0]!;
  const videos = [await video("intro.mp4", 20), await video("trailer.mp4", 95), await video("outro.mp4", 10)];
  return { deps, user, project, videos, caller: await callerFor(deps, user.email) };
}

describe("playlists on the media tab", () => {
  test("a developer builds a playlist: add, move up, remove, save; then edits and deletes it", async () => {
    const s = await setup("developer");
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    fireEvent.click(await screen.findByRole("button", { name: PLAYLISTS.newPlaylist }));
    const dialog = await screen.findByRole("dialog");
    // Saving an empty form names what is missing, and writes nothing.
    fireEvent.click(within(dialog).getByRole("button", { name: PLAYLISTS.save }));
    expect(await within(dialog).findByText(PLAYLISTS.nameRequired)).toBeTruthy();
    expect(within(dialog).getByText(PLAYLISTS.empty)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole("textbox"), { target: { value: "Next Fest loop" } });
    const add = within(dialog).getByRole("combobox", { name: PLAYLISTS.addVideo });
    for (const v of s.videos) fireEvent.change(add, { target: { value: String(v.id) } });
    fireEvent.click(within(dialog).getByRole("button", { name: PLAYLISTS.moveUp("outro.mp4") }));
    fireEvent.click(within(dialog).getByRole("button", { name: PLAYLISTS.remove("intro.mp4") }));
    fireEvent.click(within(dialog).getByRole("button", { name: PLAYLISTS.save }));
    await waitFor(async () => expect(await s.deps.db.select().from(playlists)).toHaveLength(1));
    const [saved] = await s.caller.playlists.list({ projectId: s.project.id });
    expect(saved!.items.map((i) => i.name)).toEqual(["outro.mp4", "trailer.mp4"]);
    const card = await screen.findByTestId(`playlist-${saved!.id}`);
    expect(await within(card).findByText(PLAYLISTS.summary(2, "1:45"))).toBeTruthy();
    expect(within(card).getByText("outro.mp4 → trailer.mp4")).toBeTruthy();

    fireEvent.click(within(card).getByRole("button", { name: PLAYLISTS.edit }));
    const edit = await screen.findByRole("dialog");
    expect((within(edit).getByRole("textbox") as HTMLInputElement).value).toBe("Next Fest loop");
    fireEvent.click(within(edit).getByRole("button", { name: PLAYLISTS.moveDown("outro.mp4") }));
    fireEvent.click(within(edit).getByRole("button", { name: PLAYLISTS.save }));
    await within(card).findByText("trailer.mp4 → outro.mp4");

    fireEvent.click(within(card).getByRole("button", { name: `${PLAYLISTS.delete} Next Fest loop` }));
    const confirm = await screen.findByRole("alertdialog").catch(() => screen.findByRole("dialog"));
    expect(within(confirm).getByText(PLAYLISTS.confirmDelete("Next Fest loop"))).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: PLAYLISTS.delete }));
    await waitFor(async () => expect(await s.deps.db.select().from(playlists)).toHaveLength(0));
  });

  test("a viewer sees playlists but no controls to change them", async () => {
    const s = await setup("viewer");
    await s.deps.db.insert(playlists).values({ projectId: s.project.id, name: "Sale loop" });
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    expect(await screen.findByText("Sale loop")).toBeTruthy();
    expect(screen.queryByRole("button", { name: PLAYLISTS.newPlaylist })).toBeNull();
    expect(screen.queryByRole("button", { name: PLAYLISTS.edit })).toBeNull();
  });

  test("a refused delete is titled for what did not happen, with the server's reason", async () => {
    const s = await setup("developer");
    const list = (
      await s.deps.db.insert(playlists).values({ projectId: s.project.id, name: "Sale loop" }).returning()
    )[0]!;
    const dest = (
      await s.deps.db
        .insert(destinations)
        .values({
          projectId: s.project.id,
          name: "Steam",
          type: "custom",
          rtmpUrl: "rtmp://127.0.0.1:1935/live",
        })
        .returning()
    )[0]!;
    await s.deps.db.insert(streams).values({
      projectId: s.project.id,
      destinationId: dest.id,
      playlistId: list.id,
      mediaName: "Sale loop",
      destinationName: "Steam",
      destinationType: "custom",
      status: "running",
      startedAt: Date.now(),
    });
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    const card = await screen.findByTestId(`playlist-${list.id}`);
    fireEvent.click(within(card).getByRole("button", { name: `${PLAYLISTS.delete} Sale loop` }));
    const confirm = await screen.findByRole("alertdialog").catch(() => screen.findByRole("dialog"));
    fireEvent.click(within(confirm).getByRole("button", { name: PLAYLISTS.delete }));
    await waitFor(() =>
      expect(toaster.getVisibleToasts().map((t) => [t.title, t.description])).toContainEqual([
        PLAYLISTS.deleteFailed,
        PLAYLISTS.onAirDelete,
      ]),
    );
    expect(await s.deps.db.select().from(playlists)).toHaveLength(1);
  });
});
