import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { MediaTab } from "@client/pages/project-detail/MediaTab";
import type { AppDeps } from "@server/deps";
import { PREPARED_FORMAT } from "@server/features/media/preparation/prepare-args";
import { mediaPaths } from "@server/features/media/storage";
import { mediaFiles, mediaPreparations } from "@server/platform/db/schema";
import { formatPercent } from "@shared/format";
import { MEDIA } from "@shared/messages/media";
import { STEAM_RULES } from "@shared/messages/steam-rules";
import type { Role } from "@shared/roles";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { updatesOutsideAct } from "../support/outside-act";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "../support/server";

// ffprobe, ffmpeg and password hashing share two cores with other suites: allow for a slow machine.
setDefaultTimeout(30_000);

const { toasts } = updatesOutsideAct();

async function setup(role: Role, env: Record<string, string> = {}) {
  const deps = testDeps(env);
  const org = await makeOrg(deps);
  const user = await makeUser(deps, { orgId: org.id, role, name: "Uma Uploader" });
  const project = await makeProject(deps, { orgId: org.id });
  return { deps, user, project, caller: await callerFor(deps, user.email) };
}

async function addMedia(
  deps: AppDeps,
  projectId: number,
  uploadedBy: number,
  name: string,
  kind: "video" | "image",
  extra: Partial<typeof mediaFiles.$inferInsert> = {},
) {
  return (
    await deps.db
      .insert(mediaFiles)
      .values({
        projectId,
        originalName: name,
        storedName: `${crypto.randomUUID()}.bin`,
        mimeType: kind === "video" ? "video/mp4" : "image/png",
        fileSize: kind === "video" ? 1536 * 1024 : 2048,
        kind,
        uploadedBy,
        createdAt: Date.UTC(2026, 10, 21, 12),
        ...extra,
      })
      .returning()
  )[0]!;
}

describe("media tab", () => {
  test("a file gone from the server's disk is marked missing on its card", async () => {
    const s = await setup("developer");
    const present = await addMedia(s.deps, s.project.id, s.user.id, "here.mp4", "video");
    writeFileSync(mediaPaths(s.deps.env.DATA_DIR).file(present.storedName), "x");
    await addMedia(s.deps, s.project.id, s.user.id, "gone.mp4", "video");
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    const gone = (await screen.findByText("gone.mp4")).closest("[data-testid=media-card]") as HTMLElement;
    expect(within(gone).getByText(MEDIA.fileMissingBadge)).toBeTruthy();
    const here = (await screen.findByText("here.mp4")).closest("[data-testid=media-card]") as HTMLElement;
    expect(within(here).queryByText(MEDIA.fileMissingBadge)).toBeNull();
  });

  test("cards show name, size, badge, uploader, date and a view link; no delete for a developer", async () => {
    const s = await setup("developer");
    const video = await addMedia(s.deps, s.project.id, s.user.id, "trailer.mp4", "video");
    await addMedia(s.deps, s.project.id, s.user.id, "cover.png", "image");
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    const card = (await screen.findByText("trailer.mp4")).closest("[data-testid=media-card]") as HTMLElement;
    expect(within(card).getByText("1.50 MB")).toBeTruthy();
    expect(within(card).getByText(MEDIA.videoBadge)).toBeTruthy();
    expect(within(card).getByText("Uma Uploader · Nov 21, 2026")).toBeTruthy();
    const view = within(card).getByRole("link", { name: MEDIA.viewLabel("trailer.mp4") });
    expect(view.getAttribute("href")).toBe(`/api/media/stream/${video.id}`);
    expect(view.getAttribute("target")).toBe("_blank");
    const image = (await screen.findByText("cover.png")).closest("[data-testid=media-card]") as HTMLElement;
    expect(within(image).getByText(MEDIA.imageBadge)).toBeTruthy();
    expect(within(image).getByText("2.00 KB")).toBeTruthy();
    expect(screen.queryByRole("button", { name: MEDIA.deleteLabel("trailer.mp4") })).toBeNull();
  });

  test("each video card gives Steam's verdict: ready, or the reasons it is converted first", async () => {
    const s = await setup("developer");
    await addMedia(s.deps, s.project.id, s.user.id, "ready.mp4", "video", {
      steamReady: true,
      steamReasons: [],
    });
    const reasons = ["keyframes every 4.0 s; Steam needs 2 s", "picture is 640×480; Steam needs 16:9"];
    await addMedia(s.deps, s.project.id, s.user.id, "square.mp4", "video", { steamReasons: reasons });
    await addMedia(s.deps, s.project.id, s.user.id, "older.mp4", "video");
    await addMedia(s.deps, s.project.id, s.user.id, "cover.png", "image");
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    const verdict = async (name: string) =>
      (await screen.findByText(name))
        .closest("[data-testid=media-card]")!
        .querySelector("[data-testid=steam-verdict]")?.textContent;
    expect(await verdict("ready.mp4")).toBe(STEAM_RULES.ready);
    const square = await verdict("square.mp4");
    expect(square).toContain(STEAM_RULES.heading);
    for (const r of reasons) expect(square).toContain(r);
    // Checked before the full rules existed: converted before it goes to Steam, and it says so.
    expect(await verdict("older.mp4")).toContain(STEAM_RULES.notChecked);
    expect(await verdict("cover.png")).toBeUndefined();
  });

  test("an admin deletes after confirming; the card goes and 'Deleted' shows", async () => {
    const s = await setup("admin");
    const item = await addMedia(s.deps, s.project.id, s.user.id, "old-cut.mp4", "video");
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    fireEvent.click(await screen.findByRole("button", { name: MEDIA.deleteLabel("old-cut.mp4") }));
    expect(await screen.findByText(MEDIA.confirmDelete)).toBeTruthy();
    expect(await s.deps.db.select().from(mediaFiles)).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toasts()).toContainEqual([MEDIA.deleted, "old-cut.mp4"]));
    expect(await screen.findByText(MEDIA.tabEmptyTitle)).toBeTruthy();
    expect((await s.deps.db.select().from(mediaFiles)).map((r) => r.id)).not.toContain(item.id);
  });

  test("an empty project offers 'Upload First File'; the dialog shows the server's limits and warns without a file", async () => {
    const s = await setup("developer", { MAX_UPLOAD_BYTES: String(512 * 1024 ** 2) });
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    expect(await screen.findByText(MEDIA.tabEmptyTitle)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: MEDIA.uploadFirst }));
    expect(await screen.findByText(MEDIA.dialogTitle)).toBeTruthy();
    const hint = MEDIA.hint(
      ["MP4", "AVI", "MOV", "WMV", "FLV"],
      ["JPEG", "JPG", "PNG", "GIF", "WebP", "BMP", "TIFF"],
      "512 MB",
    );
    expect(await screen.findByText(hint)).toBeTruthy();
    const input = document.querySelector("input[type=file]") as HTMLInputElement;
    expect(input.getAttribute("accept")).toBe("video/*,image/*");
    fireEvent.click(screen.getByRole("button", { name: MEDIA.upload }));
    await waitFor(() => expect(toasts()).toContainEqual([MEDIA.noFileTitle, MEDIA.noFileMessage]));
  });

  test("when the config call fails, the hint falls back to 1 GB and the default type lists", async () => {
    const s = await setup("developer");
    const media = s.caller.media;
    const caller = {
      auth: s.caller.auth,
      media: {
        list: media.list,
        delete: media.delete,
        config: () => Promise.reject(new TRPCError({ code: "SERVICE_UNAVAILABLE", message: "down" })),
      },
    };
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller });
    fireEvent.click(await screen.findByRole("button", { name: MEDIA.uploadButton }));
    const hint = MEDIA.hint(
      ["MP4", "AVI", "MOV", "WMV", "FLV"],
      ["JPEG", "JPG", "PNG", "GIF", "WebP", "BMP", "TIFF"],
      "1 GB",
    );
    expect(await screen.findByText(hint)).toBeTruthy();
  });

  test("a list the server refuses reads as empty, without a message", async () => {
    const s = await setup("developer");
    const other = await makeProject(s.deps, { orgId: (await makeOrg(s.deps)).id });
    renderWithApp(<MediaTab projectId={other.id} />, { caller: s.caller });
    expect(await screen.findByText(MEDIA.tabEmptyTitle)).toBeTruthy();
    expect(toasts()).toEqual([]);
  });

  test("a viewer is offered no upload: no Upload File, and the empty state says who may", async () => {
    const s = await setup("viewer");
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    expect(await screen.findByText(MEDIA.tabEmptyTitle)).toBeTruthy();
    expect(screen.queryByRole("button", { name: MEDIA.uploadButton })).toBeNull();
    expect(screen.queryByRole("button", { name: MEDIA.uploadFirst })).toBeNull();
    expect(screen.getByText(/Your role \(Viewer\) cannot upload files/)).toBeTruthy();
    await addMedia(s.deps, s.project.id, s.user.id, "trailer.mp4", "video");
    cleanup();
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    expect(await screen.findByText("trailer.mp4")).toBeTruthy();
    expect(screen.queryByRole("button", { name: MEDIA.uploadButton })).toBeNull();
  });

  test("a developer still gets Upload File", async () => {
    const s = await setup("developer");
    await addMedia(s.deps, s.project.id, s.user.id, "trailer.mp4", "video");
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    expect(await screen.findByRole("button", { name: MEDIA.uploadButton })).toBeTruthy();
  });

  test("the card follows the conversion for Steam: progress while it runs, then prepared, or failed", async () => {
    const s = await setup("developer");
    const reasons = ["25 frames per second; Steam needs 30 or 60"];
    const video = async (name: string) =>
      await addMedia(s.deps, s.project.id, s.user.id, name, "video", {
        steamReady: false,
        steamReasons: reasons,
      });
    const running = await video("running.mp4");
    const done = await video("done.mp4");
    const failed = await video("failed.mp4");
    const prepared = mediaPaths(s.deps.env.DATA_DIR).prepared;
    const output = `${done.id}-${PREPARED_FORMAT}-copy.mp4`;
    writeFileSync(join(prepared, output), "x");
    await s.deps.db.insert(mediaPreparations).values([
      { mediaId: running.id, status: "running", percent: 42 },
      { mediaId: done.id, status: "done", percent: 100, outputName: output },
      { mediaId: failed.id, status: "error", percent: 0, error: "ffmpeg exited" },
    ]);
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    const verdict = async (name: string) =>
      (await screen.findByText(name))
        .closest("[data-testid=media-card]")!
        .querySelector("[data-testid=steam-verdict]")!;
    const runningVerdict = await verdict("running.mp4");
    expect(runningVerdict.textContent).toBe(STEAM_RULES.preparing(formatPercent(42)));
    expect(runningVerdict.querySelector("[role=progressbar]")).toBeTruthy();
    expect((await verdict("done.mp4")).textContent).toBe(STEAM_RULES.prepared);
    const failedVerdict = (await verdict("failed.mp4")).textContent;
    expect(failedVerdict).toContain(STEAM_RULES.heading);
    expect(failedVerdict).toContain(STEAM_RULES.preparationFailed);

    // The list is asked again while a conversion runs: the card moves to prepared on its own.
    const copy = `${running.id}-${PREPARED_FORMAT}-copy.mp4`;
    writeFileSync(join(prepared, copy), "x");
    await s.deps.db
      .update(mediaPreparations)
      .set({ status: "done", percent: 100, outputName: copy })
      .where(eq(mediaPreparations.mediaId, running.id));
    await waitFor(async () => expect((await verdict("running.mp4")).textContent).toBe(STEAM_RULES.prepared), {
      timeout: 6000,
    });
  });

  test("a copy gone from disk is not reported as prepared", async () => {
    const s = await setup("developer");
    const item = await addMedia(s.deps, s.project.id, s.user.id, "lost.mp4", "video", {
      steamReady: false,
      steamReasons: ["25 frames per second; Steam needs 30 or 60"],
    });
    await s.deps.db.insert(mediaPreparations).values({
      mediaId: item.id,
      status: "done",
      percent: 100,
      outputName: `${item.id}-${PREPARED_FORMAT}-gone.mp4`,
    });
    renderWithApp(<MediaTab projectId={s.project.id} />, { caller: s.caller });
    const card = (await screen.findByText("lost.mp4")).closest("[data-testid=media-card]")!;
    expect(card.querySelector("[data-testid=steam-verdict]")!.textContent).toContain(STEAM_RULES.heading);
  });
});
