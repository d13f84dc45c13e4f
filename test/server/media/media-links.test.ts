import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mediaFiles } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { steamReadyMp4, uploadForm } from "../../support/media";
import { callerFor, makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";

// A link planted in the media folder (by a crafted backup, or by hand) in place of an uploaded file:
// the console must not read what it points to, however the file is asked for.

setDefaultTimeout(30_000);

const h = testApp(testDeps());
const org = await makeOrg(h.deps);
const project = await makeProject(h.deps, { orgId: org.id });
const outside = mkdtempSync(join(tmpdir(), "console-outside-"));
const secretFile = join(outside, "hostname");
const secret = "secret bytes outside the data folder";
let cookie: string;
let email: string;
let media: { id: number; storedPath: string; posterPath: string };

beforeAll(async () => {
  writeFileSync(secretFile, secret);
  const user = await makeUser(h.deps, { orgId: org.id, role: "manager" });
  email = user.email;
  cookie = await h.signIn(user.email);
  const res = await h.call("/api/media/upload", {
    method: "POST",
    cookie,
    body: uploadForm(project.id, Bun.file(await steamReadyMp4()), "clip.mp4"),
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const row = (await h.deps.db.select().from(mediaFiles).where(eq(mediaFiles.id, id)))[0]!;
  const dir = join(h.deps.env.DATA_DIR, "media");
  media = { id, storedPath: join(dir, row.storedName), posterPath: join(dir, "posters", row.posterName!) };
  expect((await h.call(`/api/media/stream/${id}`, { cookie })).status).toBe(200);
  // The attack: the stored file and its poster become links to a file outside.
  for (const path of [media.storedPath, media.posterPath]) {
    rmSync(path);
    symlinkSync(secretFile, path);
  }
  return () => rmSync(outside, { recursive: true, force: true });
});

describe("a symbolic link in the media folder", () => {
  test("is not served as the media file", async () => {
    const res = await h.call(`/api/media/stream/${media.id}`, { cookie });
    const body = await res.text();
    expect(res.status).toBe(404);
    expect(body).not.toContain(secret);
  });

  test("is not served in byte ranges either", async () => {
    const res = await h.call(`/api/media/stream/${media.id}`, { cookie, headers: { range: "bytes=0-9" } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain(secret.slice(0, 10));
  });

  test("is not served as the poster", async () => {
    const res = await h.call(`/api/media/poster/${media.id}`, { cookie });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain(secret);
  });

  test("counts as a missing file in the library, and a stream cannot start on it", async () => {
    const list = (await (await h.call(`/api/media/${project.id}`, { cookie })).json()) as {
      id: number;
      file_missing: boolean;
    }[];
    expect(list.find((m) => m.id === media.id)?.file_missing).toBe(true);
    const caller = await callerFor(h.deps, email);
    const destination = await caller.streaming.createDestination({
      project_id: project.id,
      name: "Ingest",
      type: "custom",
      rtmp_url: "rtmp://127.0.0.1:1/live",
      stream_key: "key-1",
    });
    await expect(
      caller.streaming.start({ destinationId: destination.id, mediaId: media.id }),
    ).rejects.toThrow("no longer on the server");
  });
});
