import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sha256 } from "@server/platform/backup/files";
import { dialect } from "@server/platform/db/dialect";
import { type NginxRtmp, startNginxRtmp } from "../../fakes/nginx-rtmp";
import { addDestination, projectWithVideo, startStream, streamsOf } from "../../faults/harness";
import { runBackupCli } from "../../support/backup-cli";
import { paddedMp4 } from "../../support/media";
import { ADMIN, type Api, stopServer } from "../../support/server-process";
import { MULTIPART, multipart, signIn } from "../../support/uploads";
import { waitUntil } from "../../support/wait";
import { type ServerProcess, startServerProcess } from "../streaming/streaming-server-process";

// A backup taken while a real server pushes two streams through real ffmpeg into nginx-rtmp and an
// upload is still arriving; restored into a fresh folder, a server started there has everything.

const root = mkdtempSync(join(tmpdir(), "console-backup-live-"));
const servers: ServerProcess[] = [];
let ingest: NginxRtmp | undefined;
afterAll(async () => {
  for (const s of servers) await stopServer(s.proc);
  await ingest?.stop();
  rmSync(root, { recursive: true, force: true });
}, 30_000);

const json = async (api: Api, path: string) => (await api(path)).json() as Promise<Record<string, unknown>>;

/** What a studio sees: users, projects, destinations, stream records and media of the project. */
async function contents(api: Api, projectId: number) {
  return {
    // Without last_login: signing in to look is itself a login.
    users: ((await (await api("/users")).json()) as Record<string, unknown>[]).map(
      ({ last_login: _, ...rest }) => rest,
    ),
    projects: await json(api, "/projects"),
    // Their settings; what is on air now differs on purpose (see below).
    destinations: ((await (await api(`/destinations/${projectId}`)).json()) as Record<string, unknown>[]).map(
      ({
        active_stream_id: _e,
        stream_started_at: _a,
        stream_status: _b,
        streaming_media_id: _c,
        streaming_media_name: _d,
        stream_node: _n,
        ...rest
      }) => rest,
    ),
    media: await json(api, `/media/${projectId}`),
    streamIds: (await streamsOf(api, projectId)).map((s) => s.id),
  };
}

/** An upload whose body stops halfway until `finish` is called: it is still arriving during the backup. */
async function uploadHeldOpen(url: string, projectId: number) {
  const cookie = await signIn(url, ADMIN.email, ADMIN.password);
  const file = new Uint8Array(
    await Bun.file(await paddedMp4(join(root, "late.mp4"), 4 * 1024 * 1024)).arrayBuffer(),
  );
  const body = new Uint8Array(
    await multipart([
      { field: "projectId", value: String(projectId) },
      { file: "media", name: "late.mp4", bytes: file },
    ]).arrayBuffer(),
  );
  let finish = () => {};
  const held = new Promise<void>((r) => {
    finish = r;
  });
  const stream = new ReadableStream<Uint8Array>({
    async start(c) {
      c.enqueue(body.slice(0, body.length / 2));
      await held;
      c.enqueue(body.slice(body.length / 2));
      c.close();
    },
  });
  const done = fetch(`${url}/api/media/upload`, {
    method: "POST",
    body: stream,
    headers: { cookie, origin: url, "content-type": MULTIPART },
    // @ts-expect-error Bun streams request bodies; the flag is what browsers require
    duplex: "half",
  });
  return { finish, done };
}

// The backup copies the SQLite file (VACUUM INTO) and the restore brings a SQLite file back.
test.skipIf(dialect === "postgres")(
  "a backup under load restores into a fresh folder with every record and media file",
  async () => {
    ingest = await startNginxRtmp();
    const dataDir = join(root, "data");
    const server = await startServerProcess(dataDir);
    servers.push(server);
    const api = await server.api();
    const made = await api("/users", {
      json: { email: "editor@example.com", name: "Editor", password: "editor-password-1", org_id: 1 },
    });
    expect(made.status).toBeLessThan(300);
    const { projectId, mediaId } = await projectWithVideo(api, "Backup test");
    const keep = await addDestination(api, projectId, { name: "A", rtmpUrl: ingest.rtmpUrl, key: "bk-a" });
    const once = await addDestination(api, projectId, {
      name: "B",
      rtmpUrl: ingest.rtmpUrl,
      key: "bk-b",
      autorestart: false,
    });
    const live = [await startStream(api, keep, mediaId), await startStream(api, once, mediaId)];
    await waitUntil(
      async () => {
        const flowing = await ingest!.flowing();
        return flowing.has("bk-a") && flowing.has("bk-b");
      },
      30_000,
      "both streams flowing",
    );
    const before = await waitUntil(
      async () => {
        const rows = await streamsOf(api, projectId);
        return rows.filter((s) => live.includes(s.id) && s.status === "running").length === 2 ? rows : null;
      },
      30_000,
      "both streams running",
    );
    const upload = await uploadHeldOpen(server.url, projectId);
    await waitUntil(
      () => readdirSync(join(dataDir, "tmp")).some((f) => f.endsWith(".part")),
      10_000,
      "upload arriving",
    );

    const backupDir = join(root, "backups");
    const backup = await runBackupCli("backup", backupDir, dataDir);
    console.log(`backup under load: ${backup.ms} ms (npm, bun start, copy)`);
    expect(backup.code).toBe(0);

    // The streams never noticed: same ffmpeg, no failure, still flowing.
    const after = await streamsOf(api, projectId);
    for (const id of live) {
      const [b, a] = [before.find((s) => s.id === id)!, after.find((s) => s.id === id)!];
      expect([a.status, a.pid, a.error_count]).toEqual(["running", b.pid, 0]);
    }
    expect(await ingest.flowing()).toEqual(new Set(["bk-a", "bk-b"]));
    // As the backup saw it: the upload still arriving is not part of it.
    const original = await contents(api, projectId);
    upload.finish();
    expect((await upload.done).status).toBe(201);
    expect(JSON.stringify(await json(api, `/media/${projectId}`))).toContain("late.mp4");

    const [name] = readdirSync(backupDir);
    expect(readdirSync(join(backupDir, name!)).sort()).toEqual(["console.db", "manifest.json", "media"]);
    await stopServer(server.proc);

    const fresh = join(root, "restored");
    const restore = await runBackupCli("restore", join(backupDir, name!), fresh);
    expect(restore.code).toBe(0);
    // Process ids of the backed-up moment are not carried over: the first start kills nothing here.
    const pids = (file: string) => {
      const db = new Database(file, { readonly: true });
      const { n } = db.query("SELECT count(*) AS n FROM streams WHERE pid IS NOT NULL").get() as {
        n: number;
      };
      db.close();
      return n;
    };
    expect([pids(join(backupDir, name!, "console.db")), pids(join(fresh, "console.db"))]).toEqual([2, 0]);
    const again = await startServerProcess(fresh);
    servers.push(again);
    const api2 = await again.api();
    const restored = await contents(api2, projectId);
    expect(restored.users).toEqual(original.users);
    expect(restored.projects).toEqual(original.projects);
    expect(restored.destinations).toEqual(original.destinations);
    // Every stream record is there; live ones were recorded stopped, and the auto-restart one resumed.
    expect(restored.streamIds).toEqual(expect.arrayContaining(original.streamIds));
    const rows = await streamsOf(api2, projectId);
    for (const id of live) expect(rows.find((s) => s.id === id)?.status).toBe("stopped");
    expect(rows.some((s) => s.destination_id === keep && !live.includes(s.id))).toBe(true);
    expect(restored.media).toEqual(original.media);
    // Every media file (upload, poster) is there byte for byte.
    const manifest = await Bun.file(join(backupDir, name!, "manifest.json")).json();
    expect(manifest.media.length).toBeGreaterThan(0);
    for (const f of manifest.media as { path: string; sha256: string }[]) {
      expect(await sha256(join(fresh, f.path))).toBe(await sha256(join(dataDir, f.path)));
    }
  },
  120_000,
);
