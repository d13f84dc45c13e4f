import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import { mediaFiles, streams } from "@server/platform/db/schema";
import { COMMON } from "@shared/messages/common";
import { MEDIA } from "@shared/messages/media";
import { eq } from "drizzle-orm";
import { filesOnDisk, pngImage, steamReadyMp4, uploadForm } from "../../support/media";
import { callerFor, makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";

// ffprobe, ffmpeg and password hashing share two cores with other suites: allow for a slow machine.
setDefaultTimeout(30_000);

// One world for the file: two organizations, every role, one uploaded video.
const h = testApp(testDeps({ MAX_UPLOAD_BYTES: String(512 * 1024 ** 2) }));
const org = await makeOrg(h.deps);
const otherOrg = await makeOrg(h.deps);
const project = await makeProject(h.deps, { orgId: org.id });
const otherProject = await makeProject(h.deps, { orgId: otherOrg.id });
const cookies: Record<string, string> = {};
const emails: Record<string, string> = {};
let video: { id: number; file_size: number };
let videoBytes: Buffer;

beforeAll(async () => {
  for (const role of ["admin", "manager", "developer", "viewer"] as const) {
    const u = await makeUser(h.deps, { orgId: org.id, role });
    emails[role] = u.email;
    cookies[role] = await h.signIn(u.email);
  }
  const outsider = await makeUser(h.deps, { orgId: otherOrg.id, role: "manager" });
  emails.outsider = outsider.email;
  cookies.outsider = await h.signIn(outsider.email);
  const path = await steamReadyMp4();
  videoBytes = readFileSync(path);
  const res = await upload("developer", project.id, path);
  expect(res.status).toBe(201);
  video = await res.json();
});

async function upload(who: string, projectId: number, path: string) {
  return h.call("/api/media/upload", {
    method: "POST",
    cookie: cookies[who],
    body: uploadForm(projectId, Bun.file(path), "clip.mp4"),
  });
}

const get = (path: string, who: string, headers: Record<string, string> = {}) =>
  h.call(path, { cookie: cookies[who], headers });

describe("viewing with range requests", () => {
  test("the whole file with its type and Accept-Ranges", async () => {
    const res = await get(`/api/media/stream/${video.id}`, "viewer");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("content-length")).toBe(String(videoBytes.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(videoBytes)).toBe(true);
  });

  test.each([
    ["bytes=0-99", 0, 99],
    ["bytes=1000-1999", 1000, 1999],
    ["bytes=5000-", 5000, -1],
    ["bytes=-512", -512, -1],
    ["bytes=100-99999999999", 100, -1],
  ])("%s answers 206 with exactly those bytes", async (range, from, to) => {
    const size = videoBytes.length;
    const start = from < 0 ? size + from : from;
    const end = to < 0 ? size - 1 : to;
    const res = await get(`/api/media/stream/${video.id}`, "developer", { range });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes ${start}-${end}/${size}`);
    expect(res.headers.get("content-length")).toBe(String(end - start + 1));
    expect(Buffer.from(await res.arrayBuffer()).equals(videoBytes.subarray(start, end + 1))).toBe(true);
  });

  test("a range past the end is 416 with the size", async () => {
    const res = await get(`/api/media/stream/${video.id}`, "developer", {
      range: `bytes=${videoBytes.length}-`,
    });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe(`bytes */${videoBytes.length}`);
    expect(await res.json()).toEqual({ error: MEDIA.rangeNotSatisfiable });
  });

  test("several ranges or another unit: the whole file (allowed by RFC 9110)", async () => {
    for (const range of ["bytes=0-1,5-6", "items=0-1"]) {
      const res = await get(`/api/media/stream/${video.id}`, "developer", { range });
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(videoBytes.length);
    }
  });
});

describe("tenancy and roles, from the refused side", () => {
  test("signed-out callers get 401 everywhere", async () => {
    for (const path of ["/api/media/config", `/api/media/${project.id}`, `/api/media/stream/${video.id}`]) {
      expect((await h.call(path)).status).toBe(401);
    }
    const up = await h.call("/api/media/upload", {
      method: "POST",
      body: uploadForm(project.id, Bun.file(await pngImage()), "a.png"),
    });
    expect(up.status).toBe(401);
  });

  test("another organization's project and file answer 404, and no upload lands there", async () => {
    expect((await get(`/api/media/${project.id}`, "outsider")).status).toBe(404);
    const stream = await get(`/api/media/stream/${video.id}`, "outsider");
    expect(stream.status).toBe(404);
    expect(await stream.json()).toEqual({ error: MEDIA.mediaNotFound });
    expect((await get(`/api/media/poster/${video.id}`, "outsider")).status).toBe(404);
    const before = filesOnDisk(h.deps.env.DATA_DIR);
    for (const fieldFirst of [true, false]) {
      const res = await h.call("/api/media/upload", {
        method: "POST",
        cookie: cookies.developer,
        body: uploadForm(otherProject.id, Bun.file(await pngImage()), "x.png", fieldFirst),
      });
      expect(res.status).toBe(404);
    }
    expect(filesOnDisk(h.deps.env.DATA_DIR)).toEqual(before);
    const outsider = await callerFor(h.deps, emails.outsider!);
    await expect(outsider.media.list({ projectId: project.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("viewers cannot upload (403) and nothing is written", async () => {
    const before = filesOnDisk(h.deps.env.DATA_DIR);
    const res = await upload("viewer", project.id, await pngImage());
    expect(res.status).toBe(403);
    expect(filesOnDisk(h.deps.env.DATA_DIR)).toEqual(before);
  });

  test("only admins delete (403 for manager and developer, over REST and tRPC)", async () => {
    for (const who of ["manager", "developer", "viewer"]) {
      expect(
        (await h.call(`/api/media/${video.id}`, { method: "DELETE", cookie: cookies[who] })).status,
      ).toBe(403);
    }
    const manager = await callerFor(h.deps, emails.manager!);
    await expect(manager.media.delete({ id: video.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await h.deps.db.select().from(mediaFiles).where(eq(mediaFiles.id, video.id)))[0]).toBeDefined();
  });
});

describe("list, config and delete", () => {
  test("the list over REST and tRPC gives the same items", async () => {
    const res = await get(`/api/media/${project.id}`, "viewer");
    expect(res.status).toBe(200);
    const rest = await res.json();
    expect(rest).toHaveLength(1);
    expect(rest[0]).toMatchObject({
      id: video.id,
      original_name: "clip.mp4",
      kind: "video",
      steam_ready: true,
    });
    const trpc = await (await callerFor(h.deps, emails.viewer!)).media.list({ projectId: project.id });
    expect(JSON.parse(JSON.stringify(trpc))).toEqual(rest);
    // One path, two things: the refusal names the id each method reads.
    const badList = await get("/api/media/abc", "viewer");
    expect([badList.status, await badList.json()]).toEqual([400, { error: COMMON.invalid("projectId") }]);
    const badDelete = await h.call("/api/media/abc", { method: "DELETE", cookie: cookies.admin });
    expect([badDelete.status, await badDelete.json()]).toEqual([400, { error: COMMON.invalid("mediaId") }]);
  });

  test("config reports the server's real limit and the spec's type lists", async () => {
    const res = await get("/api/media/config", "viewer");
    const expected = {
      maxFileSize: 512 * 1024 ** 2,
      maxFileSizeFormatted: "512 MB",
      supportedExtensions: {
        video: ["MP4", "AVI", "MOV", "WMV", "FLV"],
        image: ["JPEG", "JPG", "PNG", "GIF", "WebP", "BMP", "TIFF"],
      },
    };
    expect(await res.json()).toEqual(expected);
    expect(await (await callerFor(h.deps, emails.viewer!)).media.config()).toEqual(expected);
  });

  test("a file a live stream plays is not deleted (409); once stopped, admin delete removes file, poster and row", async () => {
    const row = (await h.deps.db.select().from(mediaFiles).where(eq(mediaFiles.id, video.id)))[0]!;
    const stream = (
      await h.deps.db
        .insert(streams)
        .values({
          projectId: project.id,
          mediaId: video.id,
          mediaName: "clip.mp4",
          destinationName: "Steam",
          destinationType: "steam",
          status: "running",
        })
        .returning()
    )[0]!;
    const refused = await h.call(`/api/media/${video.id}`, { method: "DELETE", cookie: cookies.admin });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: MEDIA.inUse });
    expect(filesOnDisk(h.deps.env.DATA_DIR)).toContain(`media/${row.storedName}`);

    await h.deps.db.update(streams).set({ status: "stopped" }).where(eq(streams.id, stream.id));
    const res = await h.call(`/api/media/${video.id}`, { method: "DELETE", cookie: cookies.admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: MEDIA.deleted });
    expect(await h.deps.db.select().from(mediaFiles)).toEqual([]);
    expect(filesOnDisk(h.deps.env.DATA_DIR)).toEqual([]);
    // The stream's history keeps its copied name; the link is cleared.
    expect((await h.deps.db.select().from(streams).where(eq(streams.id, stream.id)))[0]?.mediaId).toBeNull();
    expect((await h.call(`/api/media/${video.id}`, { method: "DELETE", cookie: cookies.admin })).status).toBe(
      404,
    );
    expect((await get(`/api/media/stream/${video.id}`, "admin")).status).toBe(404);
  });
});
