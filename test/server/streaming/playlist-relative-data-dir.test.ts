import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDeps } from "@server/deps";
import { dialect } from "@server/platform/db/dialect";
import { loadEnv } from "@server/platform/env";
import { type NginxRtmp, startNginxRtmp } from "../../fakes/nginx-rtmp";
import { waitFor } from "../../fakes/rtmp-receiver";
import { h264Mp4, steamReadyMp4 } from "../../support/media";
import { type Api, signIn, spawnServer, stopServer } from "../../support/server-process";
import { waitUntil } from "../../support/wait";
import { addVideo } from "./streaming-fixtures";
import { startServerProcess } from "./streaming-server-process";

// DATA_DIR as a studio leaves it: relative ("./data", the demo's "./data-demo"), read from the folder
// the server was started in. A playlist goes out through real ffmpeg to a real nginx-rtmp.

let ingest: NginxRtmp;
const folders: string[] = [];
beforeAll(async () => {
  ingest = await startNginxRtmp();
}, 30_000);
afterAll(async () => {
  await ingest?.stop();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
}, 30_000);

/** A fresh folder for the server to start in. */
function startFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

async function json<T>(res: Response | Promise<Response>, status: number): Promise<T> {
  const r = await res;
  const body = await r.json();
  if (r.status !== status) throw new Error(`${r.status}: ${JSON.stringify(body)}`);
  return body as T;
}

/** Starts the playlist on a new destination to the ingest and waits until its media flows there. */
async function playlistReachesIngest(api: Api, projectId: number, playlistId: number, key: string) {
  const dest = await json<{ id: number }>(
    api("/destinations", {
      json: {
        name: `Ingest ${key}`,
        type: "custom",
        rtmp_url: ingest.rtmpUrl,
        stream_key: key,
        autorestart: false,
        project_id: projectId,
      },
    }),
    201,
  );
  const stream = await json<{ id: number }>(
    api(`/destinations/${dest.id}/stream`, { json: { playlistId } }),
    201,
  );
  const status = async () => {
    const rows = await json<{ streams: { id: number; status: string }[] }>(
      api(`/streams/status?projectId=${projectId}`),
      200,
    );
    return rows.streams.find((r) => r.id === stream.id);
  };
  try {
    await waitFor(
      () => ingest.events.some((e) => e.key === key && e.call === "publish"),
      30_000,
      "a publish",
    );
  } catch (err) {
    throw new Error(`${(err as Error).message}: ${JSON.stringify(await status())}`);
  }
  await waitUntil(async () => (await ingest.flowing()).has(key), 10_000, "media flowing", 100);
  await waitUntil(async () => (await status())?.status === "running", 10_000, "the stream running", 100);
  await json(api("/streams/stop", { json: { streamId: stream.id } }), 200);
}

describe("a relative DATA_DIR", () => {
  // The SQLite file under a relative DATA_DIR is what is tested; on PostgreSQL there is none.
  test.skipIf(dialect === "postgres")(
    "npm start with DATA_DIR=./data: a playlist streams",
    async () => {
      const cwd = startFolder("console-relative-");
      const server = await startServerProcess("./data", {}, [], cwd);
      try {
        // The data really lives under the folder the server started in.
        const dataDir = join(cwd, "data");
        expect(existsSync(join(dataDir, "console.db"))).toBe(true);
        const deps = createDeps(loadEnv({ DATA_DIR: dataDir }));
        const api = await server.api();
        const project = await json<{ id: number }>(
          api("/projects", { json: { name: "Relative", org_id: 1 } }),
          201,
        );
        const shape = { width: 320, height: 180, frameRate: 30 };
        const a = await addVideo(deps, project.id, await steamReadyMp4(2), { ...shape, durationSeconds: 2 });
        const b = await addVideo(deps, project.id, await h264Mp4(3, {}, "playlist-b-3s"), {
          ...shape,
          durationSeconds: 3,
        });
        const list = await json<{ id: number }>(
          api("/playlists", { json: { project_id: project.id, name: "Loop", media_ids: [a.id, b.id] } }),
          201,
        );
        await playlistReachesIngest(api, project.id, list.id, "relative-key");
        await deps.closeDb();
      } finally {
        await stopServer(server.proc);
      }
    },
    90_000,
  );

  // The same: the demo's SQLite file under its default folder.
  test.skipIf(dialect === "postgres")(
    "npm run demo with its defaults: the demo's playlist streams",
    async () => {
      const cwd = startFolder("console-demo-defaults-");
      // No DATA_DIR: the demo's own default, ./data-demo, under the folder it starts in.
      const demo = await spawnServer(
        ["bun", join(import.meta.dir, "..", "..", "..", "server", "demo", "main.ts")],
        {
          dataDir: "",
          readyMs: 90_000,
          cwd,
        },
      );
      try {
        expect(existsSync(join(cwd, "data-demo", "console.db"))).toBe(true);
        const api = await signIn(demo.url);
        const projects = await json<{ id: number }[]>(api("/projects"), 200);
        let found: { projectId: number; playlistId: number } | undefined;
        for (const p of projects) {
          const lists = await json<{ id: number; name: string }[]>(api(`/playlists/${p.id}`), 200);
          const loop = lists.find((l) => l.name === "Next Fest Loop");
          if (loop) found = { projectId: p.id, playlistId: loop.id };
        }
        expect(found).toBeDefined();
        await playlistReachesIngest(api, found!.projectId, found!.playlistId, "demo-key");
      } finally {
        await stopServer(demo.proc);
      }
    },
    150_000,
  );
});
