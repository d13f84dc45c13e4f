import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatLimit } from "@server/features/media/receive";
import { MEDIA } from "@shared/messages/media";
import { type ServerProcess, startServerProcess } from "../server/streaming/streaming-server-process";
import { filesOnDisk } from "../support/media";
import { CLOSING_BYTES, chunked, multipart, type Part, signIn, upload } from "../support/uploads";

// Hostile and broken uploads against the real server as its own process: a crash can only be seen from
// outside. After each case the same process still answers, and nothing is left on disk or in the list.

setDefaultTimeout(60_000);

const DEV = { email: "dev@example.com", password: "dev-password-1" };

interface World {
  server: ServerProcess;
  dataDir: string;
  dev: string;
  own: number;
  foreign: number;
  admin: Awaited<ReturnType<ServerProcess["api"]>>;
}

const worlds: World[] = [];

/** A server process with a developer in one organization and a project in another. */
async function world(env: Record<string, string> = {}): Promise<World> {
  const dataDir = mkdtempSync(join(tmpdir(), "console-upload-faults-"));
  const server = await startServerProcess(dataDir, env);
  const admin = await server.api();
  const json = async (path: string, body: unknown) => {
    const res = await admin(path, { method: "POST", json: body });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: number; organization: { id: number } };
  };
  const mine = (await json("/organizations", { name: "Studio A" })).organization;
  const theirs = (await json("/organizations", { name: "Studio B" })).organization;
  const own = (await json("/projects", { name: "Own", org_id: mine.id })).id;
  const foreign = (await json("/projects", { name: "Foreign", org_id: theirs.id })).id;
  await json("/users", { ...DEV, name: "Dana Dev", role: "developer", org_id: mine.id });
  const w = { server, dataDir, own, foreign, admin, dev: await signIn(server.url, DEV.email, DEV.password) };
  worlds.push(w);
  return w;
}

afterAll(async () => {
  for (const w of worlds) {
    w.server.proc.kill("SIGTERM");
    await w.server.proc.exited;
    rmSync(w.dataDir, { recursive: true, force: true });
  }
});

/** The process lives, answers /api/health, and neither disk nor media list holds anything. */
async function stillClean(w: World) {
  expect(w.server.proc.exitCode).toBeNull();
  expect((await fetch(`${w.server.url}/api/health`)).status).toBe(200);
  // A refused upload answers before the server has finished tearing the parse down: allow it a moment.
  const deadline = Date.now() + 5000;
  while (filesOnDisk(w.dataDir).length > 0 && Date.now() < deadline) await Bun.sleep(20);
  expect(filesOnDisk(w.dataDir)).toEqual([]);
  for (const project of [w.own, w.foreign]) {
    expect(await (await w.admin(`/media/${project}`)).json()).toEqual([]);
  }
}

const KB = 1024;
const MB = 1024 * KB;

describe("a refused project never brings the server down", () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  const kinds: [string, (w: World) => string, number, string | null][] = [
    ["a missing project", () => "999999", 404, null],
    ["another organization's project", (w) => String(w.foreign), 404, null],
    ["'abc'", () => "abc", 400, null],
    ["an empty value", () => "", 400, null],
  ];
  for (const [kind, value, status] of kinds) {
    for (const size of [20 * KB, 1 * MB, 50 * MB]) {
      for (const first of [true, false]) {
        test(`${kind}, projectId ${first ? "before" : "after"} a ${formatLimit(size)} file: ${status}`, async () => {
          const field: Part = { field: "projectId", value: value(w) };
          const file: Part = { file: "media", bytes: size };
          const res = await upload(w.server.url, w.dev, multipart(first ? [field, file] : [file, field]));
          expect(res.status).toBe(status);
          expect(typeof res.json.error).toBe("string");
          await stillClean(w);
        });
      }
    }
  }

  test("no projectId at all: 400, also for a 50 MB file sent chunked", async () => {
    const body = multipart([{ file: "media", bytes: 50 * MB }]);
    for (const sent of [body, chunked(body)]) {
      const res = await upload(w.server.url, w.dev, sent);
      expect(res).toEqual({ status: 400, json: { error: MEDIA.projectIdRequired } });
    }
    await stillClean(w);
  });

  test("two files are refused whole, whatever the second part is called", async () => {
    const project: Part = { field: "projectId", value: String(w.own) };
    const cases: Part[][] = [
      [project, { file: "media", bytes: 64 * KB }, { file: "media", bytes: 64 * KB }],
      [project, { file: "media", bytes: 2 * MB }, { file: "other", bytes: 64 * KB }],
      [project, { file: "other", bytes: 64 * KB }, { file: "media", bytes: 64 * KB }],
      [{ file: "media", bytes: 64 * KB }, { file: "media", bytes: 64 * KB }, project],
    ];
    for (const parts of cases) {
      const res = await upload(w.server.url, w.dev, multipart(parts));
      expect(res).toEqual({ status: 400, json: { error: MEDIA.oneFileOnly } });
    }
    await stillClean(w);
  });

  test("a client that hangs up mid-body leaves no partial file", async () => {
    for (const first of [true, false]) {
      const head = multipart([
        ...(first ? [{ field: "projectId", value: String(w.own) }] : []),
        { file: "media", bytes: 0 },
      ]);
      // The body without its closing boundary, then 4 MB of a file that never ends.
      const opening = await head.slice(0, head.size - CLOSING_BYTES).arrayBuffer();
      const controller = new AbortController();
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new Uint8Array(opening));
        },
        pull(c) {
          if (sent >= 4 * MB) return new Promise(() => {});
          sent += 256 * KB;
          c.enqueue(new Uint8Array(256 * KB));
        },
      });
      const sending = upload(w.server.url, w.dev, body, controller.signal).catch((e: unknown) => e);
      const deadline = Date.now() + 10_000;
      while (!filesOnDisk(w.dataDir).some((f) => f.startsWith("tmp/")) && Date.now() < deadline) {
        await Bun.sleep(20);
      }
      expect(filesOnDisk(w.dataDir).some((f) => f.startsWith("tmp/"))).toBe(true);
      controller.abort();
      expect(await sending).toBeInstanceOf(Error);
      await stillClean(w);
    }
  });
});

test("a file over MAX_UPLOAD_BYTES is 413 while it streams, with or without Content-Length", async () => {
  const w = await world({ MAX_UPLOAD_BYTES: String(1 * MB) });
  for (const first of [true, false]) {
    const project: Part = { field: "projectId", value: String(w.own) };
    const file: Part = { file: "media", bytes: 20 * MB };
    const body = multipart(first ? [project, file] : [file, project]);
    for (const sent of [body, chunked(body)]) {
      const res = await upload(w.server.url, w.dev, sent);
      expect(res).toEqual({ status: 413, json: { error: MEDIA.tooLarge("1 MB"), maxFileSize: 1 * MB } });
    }
  }
  await stillClean(w);
});

test("below MIN_FREE_DISK_BYTES an upload is 507 before a byte is written, with or without Content-Length", async () => {
  const w = await world({ MIN_FREE_DISK_BYTES: String(2 ** 50) });
  const body = multipart([
    { field: "projectId", value: String(w.own) },
    { file: "media", bytes: 30 * MB },
  ]);
  for (const sent of [body, chunked(body)]) {
    const res = await upload(w.server.url, w.dev, sent);
    expect(res).toEqual({ status: 507, json: { error: MEDIA.diskFull } });
  }
  await stillClean(w);
});
