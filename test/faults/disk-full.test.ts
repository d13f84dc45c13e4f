import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { execFileSync } from "node:child_process";
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statfsSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MEDIA } from "@shared/messages/media";
import { startReceiver } from "../fakes/rtmp-receiver";
import { type ServerProcess, startServerProcess } from "../server/streaming/streaming-server-process";
import { filesOnDisk, steamReadyMp4 } from "../support/media";
import { chunked, multipart, signIn, upload } from "../support/uploads";

// A full disk, for real: DATA_DIR is a 60 MB tmpfs (we run as root, so we can mount one). A 100 MB
// upload meets the real ENOSPC and answers 507 with no partial file left; then, with the disk filled to
// the last byte, sign-in and a stream's start and stop still succeed, on the room the database keeps.

setDefaultTimeout(30_000);

const MB = 1024 * 1024;
const ADMIN = { email: "admin@example.com", password: "admin-password-1" };
const root = mkdtempSync(join(tmpdir(), "console-disk-full-"));
const dataDir = join(root, "data");
let server: ServerProcess | null = null;

beforeAll(() => {
  mkdirSync(dataDir);
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=60m", "tmpfs", dataDir]);
});

afterAll(async () => {
  await stop();
  execFileSync("umount", [dataDir]);
  rmSync(root, { recursive: true, force: true });
});

async function stop() {
  if (!server) return;
  server.proc.kill("SIGTERM");
  await server.proc.exited;
  server = null;
}

const freeBytes = () => {
  const s = statfsSync(dataDir);
  return s.bavail * s.bsize;
};

/** Writes zeros until the file system refuses: nothing is left for anyone. */
function fillDisk(path: string) {
  const fd = openSync(path, "w");
  try {
    for (const size of [MB, 64 * 1024, 4096, 512, 1]) {
      const block = new Uint8Array(size);
      try {
        for (;;) writeSync(fd, block);
      } catch (err) {
        if ((err as { code?: string }).code !== "ENOSPC") throw err;
      }
    }
  } finally {
    closeSync(fd);
  }
}

test("ENOSPC mid-upload answers 507, leaves no .part, and a full disk still lets people sign in and stream", async () => {
  // The guard off (0), so the writes run into the real ENOSPC rather than the free-space check.
  server = await startServerProcess(dataDir, { MIN_FREE_DISK_BYTES: "0" });
  const admin = await server.api();
  const created = async (path: string, json: unknown) => {
    const res = await admin(path, { method: "POST", json });
    expect(res.status).toBe(201);
    return res.json();
  };
  const org = (await created("/organizations", { name: "Studio" })).organization.id;
  const project = (await created("/projects", { name: "Launch", org_id: org })).id;
  const cookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  const video = readFileSync(await steamReadyMp4());
  const stored = await upload(
    server.url,
    cookie,
    multipart([
      { field: "projectId", value: String(project) },
      { file: "media", name: "clip.mp4", bytes: video },
    ]),
  );
  expect(stored.status).toBe(201);

  const big = multipart([
    { field: "projectId", value: String(project) },
    { file: "media", bytes: 100 * MB },
  ]);
  expect(big.size).toBeGreaterThan(freeBytes());
  // Sent chunked: with no Content-Length to refuse up front, the bytes go to disk until ENOSPC.
  const started = performance.now();
  expect(await upload(server.url, cookie, chunked(big, MB))).toEqual({
    status: 507,
    json: { error: MEDIA.diskFull },
  });
  const ms = performance.now() - started;
  expect(server.proc.exitCode).toBeNull();
  expect(filesOnDisk(dataDir).filter((f) => f.startsWith("tmp/"))).toEqual([]);
  expect(ms).toBeLessThan(10_000);
  // Declared up front, the same body is refused before a byte is written.
  expect((await upload(server.url, cookie, big)).status).toBe(507);
  expect((await (await admin(`/media/${project}`)).json()).map((m: { id: number }) => m.id)).toEqual([
    stored.json.id,
  ]);

  // Now something else takes the last byte.
  fillDisk(join(dataDir, "filler"));
  expect(freeBytes()).toBe(0);
  const again = await signIn(server.url, ADMIN.email, ADMIN.password);
  expect(again).toStartWith("session=");
  const receiver = await startReceiver();
  try {
    const destination = await created("/destinations", {
      name: "Local ingest",
      type: "custom",
      rtmp_url: receiver.rtmpUrl,
      stream_key: receiver.key,
      project_id: project,
    });
    const stream = await created(`/destinations/${destination.id}/stream`, { mediaId: stored.json.id });
    await receiver.waitForFrames(10, 15_000);
    const stopped = await admin("/streams/stop", { method: "POST", json: { streamId: stream.id } });
    expect(stopped.status).toBe(200);
    const status = await (await admin(`/streams/status?projectId=${project}`)).json();
    expect(status.streams.find((s: { id: number }) => s.id === stream.id).status).toBe("stopped");
  } finally {
    await receiver.stop();
  }
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  rmSync(join(dataDir, "filler"));
});

test("with the guard on, a chunked upload stops at the floor; a crash's leftover .part goes at start", async () => {
  await stop();
  // What a server killed mid-upload leaves behind.
  writeFileSync(join(dataDir, "tmp", "upload-crashed.part"), new Uint8Array(5 * MB));
  const floor = freeBytes() - 30 * MB;
  server = await startServerProcess(dataDir, { MIN_FREE_DISK_BYTES: String(floor) });
  expect(filesOnDisk(dataDir).filter((f) => f.startsWith("tmp/"))).toEqual([]);
  const cookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  const projects = await (await (await server.api())("/projects")).json();
  const body = multipart([
    { field: "projectId", value: String(projects[0].id) },
    { file: "media", bytes: 100 * MB },
  ]);
  expect(await upload(server.url, cookie, chunked(body, MB))).toEqual({
    status: 507,
    json: { error: MEDIA.diskFull },
  });
  expect(filesOnDisk(dataDir).filter((f) => f.startsWith("tmp/"))).toEqual([]);
  // The guard stopped it before the floor: the disk never filled.
  expect(freeBytes()).toBeGreaterThan(floor);
  expect(server.proc.exitCode).toBeNull();
});
