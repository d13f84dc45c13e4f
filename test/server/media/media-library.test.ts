import { beforeAll, describe, expect, test } from "bun:test";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AppDeps } from "@server/deps";
import { PREPARED_FORMAT } from "@server/features/media/preparation/prepare-args";
import { mediaPaths } from "@server/features/media/storage";
import { mediaFiles, mediaPreparations, playlistItems, playlists, streams } from "@server/platform/db/schema";
import { MEDIA_BULK_DELETE_MAX } from "@shared/media-library";
import { AUTH } from "@shared/messages/auth";
import { COMMON } from "@shared/messages/common";
import { MEDIA } from "@shared/messages/media";
import { MEDIA_LIBRARY } from "@shared/messages/media-library";
import { PLAYLISTS } from "@shared/messages/playlists";
import type { MediaItem } from "@shared/schemas/media";
import { inArray } from "drizzle-orm";
import { makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";

// The media library once it grows: the list searched and sorted, several files deleted at once (all
// or none), and the disk the media takes per project and in total.

const h = testApp(testDeps());
const org = await makeOrg(h.deps, "Alpha");
const otherOrg = await makeOrg(h.deps, "Beta");
const cookies: Record<string, string> = {};
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 10, 12);

beforeAll(async () => {
  for (const role of ["admin", "manager", "developer", "viewer"] as const) {
    const u = await makeUser(h.deps, { orgId: org.id, role });
    cookies[role] = await h.signIn(u.email);
  }
  const outsider = await makeUser(h.deps, { orgId: otherOrg.id, role: "viewer" });
  cookies.outsider = await h.signIn(outsider.email);
});

/** A file of `bytes` bytes on the disk, recorded as the project's. */
async function addFile(
  deps: AppDeps,
  projectId: number,
  name: string,
  bytes: number,
  extra: Partial<typeof mediaFiles.$inferInsert> = {},
) {
  const storedName = `${crypto.randomUUID()}.mp4`;
  writeFileSync(mediaPaths(deps.env.DATA_DIR).file(storedName), Buffer.alloc(bytes));
  const [row] = await deps.db
    .insert(mediaFiles)
    .values({
      projectId,
      originalName: name,
      storedName,
      mimeType: "video/mp4",
      fileSize: bytes,
      kind: "video",
      steamReady: false,
      steamReasons: ["25 frames per second; Steam needs 30 or 60"],
      ...extra,
    })
    .returning();
  return row!;
}

/** A converted copy of `bytes` bytes on the disk for the file. */
async function addCopy(deps: AppDeps, mediaId: number, bytes: number, status: "done" | "running" = "done") {
  const outputName = `${mediaId}-${PREPARED_FORMAT}-${crypto.randomUUID()}.mp4`;
  writeFileSync(join(mediaPaths(deps.env.DATA_DIR).prepared, outputName), Buffer.alloc(bytes));
  await deps.db
    .insert(mediaPreparations)
    .values({ mediaId, status, percent: status === "done" ? 100 : 40, outputName });
  return outputName;
}

const get = (path: string, who = "viewer") => h.call(path, { cookie: cookies[who] });
const post = (path: string, json: unknown, who = "admin") =>
  h.call(path, { method: "POST", cookie: cookies[who], json });
const names = async (res: Response) => {
  expect(res.status).toBe(200);
  return ((await res.json()) as MediaItem[]).map((m) => m.original_name);
};

describe("search and sort", () => {
  const project = makeProject(h.deps, { orgId: org.id, name: "Sorted" });
  let id: number;
  beforeAll(async () => {
    id = (await project).id;
    // Uploaded in this order, a day apart.
    const ready = await addFile(h.deps, id, "Trailer 10.mp4", 3000, {
      createdAt: T0,
      steamReady: true,
      steamReasons: [],
    });
    await addFile(h.deps, id, "teaser.mp4", 9000, { createdAt: T0 + DAY });
    const converting = await addFile(h.deps, id, "Trailer 2.mp4", 1000, { createdAt: T0 + 2 * DAY });
    await addCopy(h.deps, converting.id, 10, "running");
    await addFile(h.deps, id, "cover.png", 500, {
      createdAt: T0 + 3 * DAY,
      kind: "image",
      mimeType: "image/png",
      steamReasons: null,
    });
    const prepared = await addFile(h.deps, id, "Gameplay.MP4", 5000, { createdAt: T0 + 4 * DAY });
    await addCopy(h.deps, prepared.id, 10);
    expect(ready.id).toBeGreaterThan(0);
  });

  test("newest first when nothing is asked, as before", async () => {
    expect(await names(await get(`/api/media/${id}`))).toEqual([
      "Gameplay.MP4",
      "cover.png",
      "Trailer 2.mp4",
      "teaser.mp4",
      "Trailer 10.mp4",
    ]);
  });

  test("by name: ignoring case, numbers in order; desc reverses", async () => {
    const asc = ["cover.png", "Gameplay.MP4", "teaser.mp4", "Trailer 2.mp4", "Trailer 10.mp4"];
    expect(await names(await get(`/api/media/${id}?sort=name`))).toEqual(asc);
    expect(await names(await get(`/api/media/${id}?sort=name&order=desc`))).toEqual([...asc].reverse());
  });

  test("by date and by size, each way", async () => {
    expect(await names(await get(`/api/media/${id}?sort=date&order=asc`))).toEqual([
      "Trailer 10.mp4",
      "teaser.mp4",
      "Trailer 2.mp4",
      "cover.png",
      "Gameplay.MP4",
    ]);
    const largest = ["teaser.mp4", "Gameplay.MP4", "Trailer 10.mp4", "Trailer 2.mp4", "cover.png"];
    expect(await names(await get(`/api/media/${id}?sort=size`))).toEqual(largest);
    expect(await names(await get(`/api/media/${id}?sort=size&order=asc`))).toEqual([...largest].reverse());
  });

  test("by readiness: ready (newest first), being converted, needing conversion, images", async () => {
    expect(await names(await get(`/api/media/${id}?sort=readiness`))).toEqual([
      "Gameplay.MP4",
      "Trailer 10.mp4",
      "Trailer 2.mp4",
      "teaser.mp4",
      "cover.png",
    ]);
  });

  test("search matches part of the name, ignoring case, and combines with a sort", async () => {
    expect(await names(await get(`/api/media/${id}?q=TRAILER&sort=name`))).toEqual([
      "Trailer 2.mp4",
      "Trailer 10.mp4",
    ]);
    expect(await names(await get(`/api/media/${id}?q=${encodeURIComponent("  mp4 ")}&sort=size`))).toEqual([
      "teaser.mp4",
      "Gameplay.MP4",
      "Trailer 10.mp4",
      "Trailer 2.mp4",
    ]);
    // LIKE's wildcards are plain text here.
    expect(await names(await get(`/api/media/${id}?q=%25`))).toEqual([]);
    expect(await names(await get(`/api/media/${id}?q=_`))).toEqual([]);
  });

  test("tRPC takes the same input", async () => {
    const { callerFor } = await import("../../support/server");
    const admin = await makeUser(h.deps, { orgId: org.id, role: "viewer" });
    const caller = await callerFor(h.deps, admin.email);
    const list = await caller.media.list({ projectId: id, q: "trailer", sort: "size", order: "asc" });
    expect(list.map((m) => m.original_name)).toEqual(["Trailer 2.mp4", "Trailer 10.mp4"]);
    await expect(caller.media.list({ projectId: id, sort: "color" as "name" })).rejects.toThrow(
      MEDIA_LIBRARY.sortInvalid,
    );
  });

  test.each([
    ["sort=colour", MEDIA_LIBRARY.sortInvalid],
    ["sort=", MEDIA_LIBRARY.sortInvalid],
    ["order=up", MEDIA_LIBRARY.orderInvalid],
    ["sort=name&order=ASC", MEDIA_LIBRARY.orderInvalid],
    [`q=${"x".repeat(101)}`, COMMON.searchTooLong],
    ["search=trailer", MEDIA_LIBRARY.unknownParam],
    ["sort=name&sort=size", COMMON.repeatedQuery("sort")],
  ])("?%s answers 400 with its reason", async (query, error) => {
    const res = await get(`/api/media/${id}?${query}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error });
  });

  test("another organization's project reads as missing, whatever the query", async () => {
    const res = await get(`/api/media/${id}?sort=name`, "outsider");
    expect(res.status).toBe(404);
  });
});

describe("deleting several files at once", () => {
  async function world() {
    const project = await makeProject(h.deps, { orgId: org.id, name: "Bulk" });
    const files = [];
    for (const name of ["a.mp4", "b.mp4", "c.mp4", "d.mp4"])
      files.push(await addFile(h.deps, project.id, name, 100));
    return { project, files };
  }
  const remaining = async (ids: number[]) =>
    (await h.deps.db.select({ id: mediaFiles.id }).from(mediaFiles).where(inArray(mediaFiles.id, ids)))
      .length;

  test("an admin deletes the chosen files: rows, files, posters and converted copies go; the rest stay", async () => {
    const { project, files } = await world();
    const [a, b, c, d] = files;
    const paths = mediaPaths(h.deps.env.DATA_DIR);
    const copy = await addCopy(h.deps, b!.id, 50);
    const res = await post("/api/media/delete", { projectId: project.id, ids: [a!.id, b!.id, c!.id] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, deleted: 3, message: MEDIA_LIBRARY.deletedCount(3) });
    expect(await remaining([a!.id, b!.id, c!.id])).toBe(0);
    expect(await remaining([d!.id])).toBe(1);
    for (const f of [a!, b!, c!]) expect(existsSync(paths.file(f.storedName))).toBe(false);
    expect(existsSync(join(paths.prepared, copy))).toBe(false);
    expect(existsSync(paths.file(d!.storedName))).toBe(true);
  });

  test("one file in use refuses the whole request with 409 naming each held file and its use", async () => {
    const { project, files } = await world();
    const [a, b, c] = files;
    const [list] = await h.deps.db
      .insert(playlists)
      .values({ projectId: project.id, name: "Launch loop" })
      .returning();
    await h.deps.db.insert(playlistItems).values({ playlistId: list!.id, position: 0, mediaId: b!.id });
    await h.deps.db.insert(streams).values({
      projectId: project.id,
      mediaId: c!.id,
      mediaName: "c.mp4",
      destinationName: "Steam",
      destinationType: "steam",
      status: "running",
    });
    const res = await post("/api/media/delete", { projectId: project.id, ids: [a!.id, b!.id, c!.id] });
    expect(res.status).toBe(409);
    const body = await res.json();
    const inPlaylist = PLAYLISTS.mediaInPlaylist("Launch loop");
    expect(body.error).toBe(
      MEDIA_LIBRARY.bulkInUse([
        MEDIA_LIBRARY.inUseItem("b.mp4", inPlaylist),
        MEDIA_LIBRARY.inUseItem("c.mp4", MEDIA.inUse),
      ]),
    );
    expect(body.error).toContain("b.mp4");
    expect(body.error).toContain("Launch loop");
    expect(body.inUse).toEqual([
      { id: b!.id, name: "b.mp4", use: inPlaylist },
      { id: c!.id, name: "c.mp4", use: MEDIA.inUse },
    ]);
    // Nothing went, not even the free one.
    expect(await remaining([a!.id, b!.id, c!.id])).toBe(3);
    expect(existsSync(mediaPaths(h.deps.env.DATA_DIR).file(a!.storedName))).toBe(true);
  });

  test("another organization's file, or another project's, reads as missing and nothing goes", async () => {
    const { project, files } = await world();
    const foreign = await makeProject(h.deps, { orgId: otherOrg.id, name: "Theirs" });
    const theirs = await addFile(h.deps, foreign.id, "theirs.mp4", 100);
    const sibling = await makeProject(h.deps, { orgId: org.id, name: "Sibling" });
    const next = await addFile(h.deps, sibling.id, "next.mp4", 100);
    for (const stranger of [theirs.id, next.id, 987_654]) {
      const res = await post("/api/media/delete", { projectId: project.id, ids: [files[0]!.id, stranger] });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: MEDIA.mediaNotFound });
    }
    expect(await remaining([files[0]!.id, theirs.id, next.id])).toBe(3);
  });

  test("a viewer, a developer and a manager are refused with 403; an outsider too, before anything is looked up", async () => {
    const { project, files } = await world();
    for (const who of ["viewer", "developer", "manager", "outsider"]) {
      const res = await post("/api/media/delete", { projectId: project.id, ids: [files[0]!.id] }, who);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: AUTH.noPermission });
    }
    expect(await remaining([files[0]!.id])).toBe(1);
  });

  test("signed out: 401", async () => {
    const res = await h.call("/api/media/delete", { method: "POST", json: { projectId: 1, ids: [1] } });
    expect(res.status).toBe(401);
  });

  test.each([
    [{ ids: [1] }, `projectId: ${COMMON.invalid("id")}`],
    [{ projectId: 1 }, MEDIA_LIBRARY.idsInvalid],
    [{ projectId: 1, ids: [] }, MEDIA_LIBRARY.idsEmpty],
    [{ projectId: 1, ids: "1,2" }, MEDIA_LIBRARY.idsInvalid],
    [{ projectId: 1, ids: ["1"] }, MEDIA_LIBRARY.idsInvalid],
    [{ projectId: 1, ids: [0] }, MEDIA_LIBRARY.idsInvalid],
    [{ projectId: 1, ids: [1.5] }, MEDIA_LIBRARY.idsInvalid],
    [{ projectId: 1, ids: [3, 3] }, MEDIA_LIBRARY.idsRepeated],
    [
      { projectId: 1, ids: Array.from({ length: MEDIA_BULK_DELETE_MAX + 1 }, (_, i) => i + 1) },
      MEDIA_LIBRARY.idsTooMany(MEDIA_BULK_DELETE_MAX),
    ],
    [{ projectId: 1, ids: [1], force: true }, MEDIA_LIBRARY.unknownParam],
  ])("%j answers 400 with its reason", async (body, error) => {
    const res = await post("/api/media/delete", body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error });
  });

  test("the most a request takes goes through", async () => {
    const project = await makeProject(h.deps, { orgId: org.id, name: "Many" });
    const ids: number[] = [];
    for (let i = 0; i < MEDIA_BULK_DELETE_MAX; i++)
      ids.push((await addFile(h.deps, project.id, `f${i}.mp4`, 1)).id);
    const res = await post("/api/media/delete", { projectId: project.id, ids });
    expect(res.status).toBe(200);
    expect((await res.json()).deleted).toBe(MEDIA_BULK_DELETE_MAX);
    expect(await remaining(ids)).toBe(0);
  });
});

describe("storage used", () => {
  test("per project: uploaded bytes plus the converted copies on the disk", async () => {
    const project = await makeProject(h.deps, { orgId: org.id, name: "Stored" });
    const a = await addFile(h.deps, project.id, "a.mp4", 4000);
    const b = await addFile(h.deps, project.id, "b.mp4", 6000);
    await addCopy(h.deps, a.id, 1500);
    const gone = await addCopy(h.deps, b.id, 700);
    const res = await get(`/api/media/storage/${project.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      projectId: project.id,
      files: 2,
      mediaBytes: 10_000,
      preparedBytes: 2200,
      totalBytes: 12_200,
    });
    // A copy removed from the disk takes no room any more.
    await Bun.file(join(mediaPaths(h.deps.env.DATA_DIR).prepared, gone)).delete();
    expect((await (await get(`/api/media/storage/${project.id}`)).json()).totalBytes).toBe(11_500);
    const empty = await makeProject(h.deps, { orgId: org.id, name: "Empty" });
    expect(await (await get(`/api/media/storage/${empty.id}`)).json()).toEqual({
      projectId: empty.id,
      files: 0,
      mediaBytes: 0,
      preparedBytes: 0,
      totalBytes: 0,
    });
  });

  test("another organization's project reads as missing; a bad id is 400", async () => {
    const foreign = await makeProject(h.deps, { orgId: otherOrg.id, name: "Foreign" });
    const mine = await makeProject(h.deps, { orgId: org.id, name: "Mine" });
    expect((await get(`/api/media/storage/${mine.id}`, "outsider")).status).toBe(404);
    expect((await get(`/api/media/storage/${foreign.id}`, "outsider")).status).toBe(200);
    const bad = await get("/api/media/storage/abc");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: COMMON.invalid("id") });
  });
});

describe("storage on the dashboard", () => {
  test("a viewer sees their organization's projects, largest first, and the sum; an admin sees all", async () => {
    const deps = testDeps();
    const app = testApp(deps);
    const a = await makeOrg(deps, "Alpha");
    const b = await makeOrg(deps, "Beta");
    const viewer = await makeUser(deps, { orgId: a.id, role: "viewer" });
    const admin = await makeUser(deps, { orgId: a.id, role: "admin" });
    const small = await makeProject(deps, { orgId: a.id, name: "Small" });
    const big = await makeProject(deps, { orgId: a.id, name: "Big" });
    const none = await makeProject(deps, { orgId: a.id, name: "Nothing yet" });
    const theirs = await makeProject(deps, { orgId: b.id, name: "Theirs" });
    await addFile(deps, small.id, "s.mp4", 1000);
    const bigFile = await addFile(deps, big.id, "b.mp4", 5000);
    await addFile(deps, big.id, "b2.mp4", 2000);
    await addCopy(deps, bigFile.id, 300);
    await addFile(deps, theirs.id, "t.mp4", 90_000);

    const asViewer = await (
      await app.call("/api/dashboard/storage", { cookie: await app.signIn(viewer.email) })
    ).json();
    expect(asViewer).toEqual({
      files: 3,
      mediaBytes: 8000,
      preparedBytes: 300,
      totalBytes: 8300,
      projects: [
        {
          projectId: big.id,
          name: "Big",
          org_name: "Alpha",
          files: 2,
          mediaBytes: 7000,
          preparedBytes: 300,
          totalBytes: 7300,
        },
        {
          projectId: small.id,
          name: "Small",
          org_name: "Alpha",
          files: 1,
          mediaBytes: 1000,
          preparedBytes: 0,
          totalBytes: 1000,
        },
        {
          projectId: none.id,
          name: "Nothing yet",
          org_name: "Alpha",
          files: 0,
          mediaBytes: 0,
          preparedBytes: 0,
          totalBytes: 0,
        },
      ],
    });
    const asAdmin = await (
      await app.call("/api/dashboard/storage", { cookie: await app.signIn(admin.email) })
    ).json();
    expect(asAdmin.totalBytes).toBe(98_300);
    expect(asAdmin.projects.map((p: { name: string }) => p.name)).toEqual([
      "Theirs",
      "Big",
      "Small",
      "Nothing yet",
    ]);
  });

  test("signed out: 401", async () => {
    expect((await h.call("/api/dashboard/storage")).status).toBe(401);
  });
});
