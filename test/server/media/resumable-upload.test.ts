import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { startDiskHousekeeping } from "@server/features/media/disk-housekeeping";
import { formatLimit } from "@server/features/media/receive";
import { filesUnder } from "@server/platform/backup/files";
import { mediaFiles } from "@server/platform/db/schema";
import { AUTH } from "@shared/messages/auth";
import { MEDIA } from "@shared/messages/media";
import { PROJECTS } from "@shared/messages/projects";
import { UPLOADS } from "@shared/messages/uploads";
import { eq } from "drizzle-orm";
import { bearer, mintToken } from "../../support/api-tokens";
import { filesOnDisk, steamReadyMp4, textAsMp4, uploadForm } from "../../support/media";
import { makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";

// ffprobe, ffmpeg and password hashing share two cores with other suites: allow for a slow machine.
setDefaultTimeout(30_000);

type Harness = Awaited<ReturnType<typeof setup>>;

async function setup(env: Record<string, string> = {}) {
  const h = testApp(testDeps(env));
  const org = await makeOrg(h.deps);
  const dev = await makeUser(h.deps, { orgId: org.id, role: "developer", name: "Dana Dev" });
  const project = await makeProject(h.deps, { orgId: org.id });
  return { ...h, org, dev, project, devCookie: await h.signIn(dev.email) };
}

const TUS = { "Tus-Resumable": "1.0.0" };
const b64 = (s: string) => Buffer.from(s).toString("base64");
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(",");

/** POST /api/uploads: answers the response and, on 201, the upload's path. */
async function create(h: Harness, cookie: string, length: number, fields: Record<string, string>) {
  const res = await h.call("/api/uploads", {
    method: "POST",
    cookie,
    headers: { ...TUS, "Upload-Length": String(length), "Upload-Metadata": metadata(fields) },
  });
  return { res, path: res.headers.get("location") ?? "" };
}

const patch = (h: Harness, cookie: string, path: string, offset: number, bytes: Uint8Array) =>
  h.call(path, {
    method: "PATCH",
    cookie,
    headers: { ...TUS, "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
  });

const head = (h: Harness, cookie: string, path: string) =>
  h.call(path, { method: "HEAD", cookie, headers: TUS });

const uploadsFolder = (h: Harness) => join(h.deps.env.DATA_DIR, "media", ".uploads");

describe("resumable uploads (tus)", () => {
  test("created, sent in pieces, resumed from the stored offset, and stored as the multipart upload stores it", async () => {
    const h = await setup();
    const bytes = readFileSync(await steamReadyMp4());
    const { res, path } = await create(h, h.devCookie, bytes.length, {
      projectId: String(h.project.id),
      filename: "My Trailer.mp4",
      filetype: "video/mp4",
    });
    expect(res.status).toBe(201);
    expect(path).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    expect(res.headers.get("tus-resumable")).toBe("1.0.0");

    const half = Math.floor(bytes.length / 2);
    const first = await patch(h, h.devCookie, path, 0, bytes.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get("upload-offset")).toBe(String(half));

    // After a dropped connection the client asks where the upload stands and goes on from there.
    const where = await head(h, h.devCookie, path);
    expect(where.status).toBe(200);
    expect(where.headers.get("upload-offset")).toBe(String(half));
    expect(where.headers.get("upload-length")).toBe(String(bytes.length));

    const last = await patch(h, h.devCookie, path, half, bytes.subarray(half));
    expect(last.status).toBe(200);
    expect(last.headers.get("content-type")).toContain("application/json");
    const item = await last.json();

    // The same item, field for field, as the multipart upload of the same file makes.
    const multipart = await h.call("/api/media/upload", {
      method: "POST",
      cookie: h.devCookie,
      body: uploadForm(h.project.id, new Blob([bytes]), "My Trailer.mp4"),
    });
    expect(multipart.status).toBe(201);
    const other = await multipart.json();
    const { id: _a, created_at: _b, ...shape } = item;
    const { id: _c, created_at: _d, ...otherShape } = other;
    expect(shape).toEqual(otherShape);
    expect(Object.keys(item).sort()).toEqual(Object.keys(other).sort());
    expect(item).toMatchObject({ project_id: h.project.id, original_name: "My Trailer.mp4", kind: "video" });

    // The stored bytes are the uploaded bytes; no piece is left in the uploads folder.
    const [row] = await h.deps.db.select().from(mediaFiles).where(eq(mediaFiles.id, item.id));
    expect(readFileSync(join(h.deps.env.DATA_DIR, "media", row!.storedName)).equals(bytes)).toBe(true);
    expect(
      filesOnDisk(h.deps.env.DATA_DIR).filter((f) => f.startsWith("media/.uploads/") && !f.endsWith(".json")),
    ).toEqual([]);

    // A client that lost the last answer learns the item from the upload's state.
    const state = await h.call(path, { cookie: h.devCookie });
    expect(state.status).toBe(200);
    expect(await state.json()).toMatchObject({
      offset: bytes.length,
      length: bytes.length,
      media: { id: item.id },
    });
    const again = await head(h, h.devCookie, path);
    expect(again.headers.get("upload-offset")).toBe(String(bytes.length));
  });

  test("a piece at the wrong offset is 409 and changes nothing", async () => {
    const h = await setup();
    const { path } = await create(h, h.devCookie, 100, {
      projectId: String(h.project.id),
      filename: "a.mp4",
    });
    expect((await patch(h, h.devCookie, path, 0, new Uint8Array(10))).status).toBe(204);
    const res = await patch(h, h.devCookie, path, 5, new Uint8Array(10));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: UPLOADS.wrongOffset });
    expect((await head(h, h.devCookie, path)).headers.get("upload-offset")).toBe("10");
  });

  test("a piece past the declared length is refused with 413 and nothing of it is kept", async () => {
    const h = await setup();
    const { path } = await create(h, h.devCookie, 10, { projectId: String(h.project.id), filename: "a.mp4" });
    const res = await patch(h, h.devCookie, path, 0, new Uint8Array(11));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: UPLOADS.pastTheEnd });
    expect((await head(h, h.devCookie, path)).headers.get("upload-offset")).toBe("0");
  });

  test("a declared size above the limit is 413 before a byte is taken; no record is made", async () => {
    const h = await setup({ MAX_UPLOAD_BYTES: "1000" });
    const { res } = await create(h, h.devCookie, 1001, {
      projectId: String(h.project.id),
      filename: "a.mp4",
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: MEDIA.tooLarge(formatLimit(1000)), maxFileSize: 1000 });
    expect(filesOnDisk(h.deps.env.DATA_DIR)).toEqual([]);
  });

  test("a file that is not a video is refused after its last byte, and nothing is left", async () => {
    const h = await setup();
    const bytes = readFileSync(await textAsMp4());
    const { path } = await create(h, h.devCookie, bytes.length, {
      projectId: String(h.project.id),
      filename: "notes.mp4",
    });
    const res = await patch(h, h.devCookie, path, 0, bytes);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: MEDIA.unsupported });
    expect(filesOnDisk(h.deps.env.DATA_DIR)).toEqual([]);
    expect(await h.deps.db.select().from(mediaFiles)).toEqual([]);
    expect((await head(h, h.devCookie, path)).status).toBe(404);
  });

  test("ending an upload removes its bytes at once; it then reads as missing", async () => {
    const h = await setup();
    const { path } = await create(h, h.devCookie, 100, {
      projectId: String(h.project.id),
      filename: "a.mp4",
    });
    await patch(h, h.devCookie, path, 0, new Uint8Array(40));
    const res = await h.call(path, { method: "DELETE", cookie: h.devCookie, headers: TUS });
    expect(res.status).toBe(204);
    expect(filesOnDisk(h.deps.env.DATA_DIR)).toEqual([]);
    const gone = await head(h, h.devCookie, path);
    expect(gone.status).toBe(404);
    const piece = await patch(h, h.devCookie, path, 40, new Uint8Array(10));
    expect(piece.status).toBe(404);
    expect(await piece.json()).toEqual({ error: UPLOADS.notFound });
  });

  test("an upload untouched past UPLOAD_EXPIRY_HOURS reads as missing and its bytes are gone; the sweep removes others", async () => {
    const h = await setup({ UPLOAD_EXPIRY_HOURS: "1" });
    const a = await create(h, h.devCookie, 100, { projectId: String(h.project.id), filename: "a.mp4" });
    const b = await create(h, h.devCookie, 100, { projectId: String(h.project.id), filename: "b.mp4" });
    const fresh = await create(h, h.devCookie, 100, { projectId: String(h.project.id), filename: "c.mp4" });
    await patch(h, h.devCookie, a.path, 0, new Uint8Array(40));
    await patch(h, h.devCookie, b.path, 0, new Uint8Array(40));
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const p of [a.path, b.path]) {
      const id = p.split("/").pop()!;
      for (const f of [id, `${id}.json`]) utimesSync(join(uploadsFolder(h), f), twoHoursAgo, twoHoursAgo);
    }
    const res = await patch(h, h.devCookie, a.path, 40, new Uint8Array(10));
    expect(res.status).toBe(404);
    expect(filesOnDisk(h.deps.env.DATA_DIR).some((f) => f.includes(a.path.split("/").pop()!))).toBe(false);

    const lines: string[] = [];
    const keeper = await startDiskHousekeeping(
      h.deps.env.DATA_DIR,
      undefined,
      (l) => lines.push(l),
      false,
      60 * 60 * 1000,
    );
    keeper.stop();
    expect(lines).toContain("Removed 1 expired resumable upload(s)");
    // The uploads folder is the console's own: not named as a stray entry of the media folder.
    expect(lines.filter((l) => l.includes(".uploads"))).toEqual([]);
    const left = filesOnDisk(h.deps.env.DATA_DIR);
    const freshId = fresh.path.split("/").pop()!;
    expect(left).toEqual([`media/.uploads/${freshId}`, `media/.uploads/${freshId}.json`]);
    // Bytes of an upload under way are not media yet: a backup leaves them out.
    expect(await filesUnder(h.deps.env.DATA_DIR, "media")).toEqual([]);
  });
});

describe("who may upload", () => {
  test("signed out is 401", async () => {
    const h = await setup();
    const res = await h.call("/api/uploads", {
      method: "POST",
      headers: {
        ...TUS,
        "Upload-Length": "10",
        "Upload-Metadata": metadata({ projectId: String(h.project.id), filename: "a.mp4" }),
      },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: AUTH.authRequired });
    expect(filesOnDisk(h.deps.env.DATA_DIR)).toEqual([]);
  });

  test("a viewer is 403", async () => {
    const h = await setup();
    const viewer = await makeUser(h.deps, { orgId: h.org.id, role: "viewer" });
    const { res } = await create(h, await h.signIn(viewer.email), 10, {
      projectId: String(h.project.id),
      filename: "a.mp4",
    });
    expect(res.status).toBe(403);
    expect(filesOnDisk(h.deps.env.DATA_DIR)).toEqual([]);
  });

  test("another organization's project reads as missing (404), a malformed one is 400", async () => {
    const h = await setup();
    const otherOrg = await makeOrg(h.deps);
    const theirs = await makeProject(h.deps, { orgId: otherOrg.id });
    const { res } = await create(h, h.devCookie, 10, { projectId: String(theirs.id), filename: "a.mp4" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: PROJECTS.notFound });
    const bad = await create(h, h.devCookie, 10, { projectId: "x", filename: "a.mp4" });
    expect(bad.res.status).toBe(400);
    const noName = await create(h, h.devCookie, 10, { projectId: String(h.project.id) });
    expect(noName.res.status).toBe(400);
    expect(await noName.res.json()).toEqual({ error: UPLOADS.filenameRequired });
    expect(filesOnDisk(h.deps.env.DATA_DIR)).toEqual([]);
  });

  test("another user's upload reads as missing (404) on every method and is left as it was", async () => {
    const h = await setup();
    const other = await makeUser(h.deps, { orgId: h.org.id, role: "developer" });
    const otherCookie = await h.signIn(other.email);
    const { path } = await create(h, h.devCookie, 100, {
      projectId: String(h.project.id),
      filename: "a.mp4",
    });
    await patch(h, h.devCookie, path, 0, new Uint8Array(10));
    expect((await head(h, otherCookie, path)).status).toBe(404);
    expect((await h.call(path, { cookie: otherCookie })).status).toBe(404);
    const piece = await patch(h, otherCookie, path, 10, new Uint8Array(10));
    expect(piece.status).toBe(404);
    expect(await piece.json()).toEqual({ error: UPLOADS.notFound });
    const end = await h.call(path, { method: "DELETE", cookie: otherCookie, headers: TUS });
    expect(end.status).toBe(404);
    expect((await head(h, h.devCookie, path)).headers.get("upload-offset")).toBe("10");
    // A made-up id reads the same.
    expect((await head(h, h.devCookie, "/api/uploads/..%2F..%2Fapp.db")).status).toBe(404);
  });

  test("a script signs with a bearer token; a page on another site is refused (Origin) and its piece not taken", async () => {
    const h = await setup();
    const { token } = await mintToken(h.deps, h.dev.id);
    const bytes = readFileSync(await steamReadyMp4());
    const created = await h.call("/api/uploads", {
      method: "POST",
      headers: {
        ...TUS,
        ...bearer(token),
        "Upload-Length": String(bytes.length),
        "Upload-Metadata": metadata({ projectId: String(h.project.id), filename: "script.mp4" }),
      },
    });
    expect(created.status).toBe(201);
    const path = created.headers.get("location")!;
    const foreign = await h.call(path, {
      method: "PATCH",
      cookie: h.devCookie,
      headers: {
        ...TUS,
        Origin: "https://evil.example",
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
      },
      body: new Blob([bytes]),
    });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ error: AUTH.forbiddenOrigin });
    const where = await h.call(path, { method: "HEAD", headers: { ...TUS, ...bearer(token) } });
    expect(where.headers.get("upload-offset")).toBe("0");
    const piece = await h.call(path, {
      method: "PATCH",
      headers: {
        ...TUS,
        ...bearer(token),
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
      },
      body: new Blob([bytes]),
    });
    expect(piece.status).toBe(200);
    expect(await piece.json()).toMatchObject({ original_name: "script.mp4", project_id: h.project.id });
  });

  test("a request without Tus-Resumable is refused in JSON", async () => {
    const h = await setup();
    const res = await h.call("/api/uploads", {
      method: "POST",
      cookie: h.devCookie,
      headers: {
        "Upload-Length": "10",
        "Upload-Metadata": metadata({ projectId: String(h.project.id), filename: "a.mp4" }),
      },
    });
    expect(res.status).toBe(412);
    expect(await res.json()).toEqual({ error: UPLOADS.tusVersion });
  });
});
