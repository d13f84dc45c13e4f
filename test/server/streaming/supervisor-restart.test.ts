import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDeps } from "@server/deps";
import { isAlive } from "@server/features/streaming/processes";
import { destinations, projects, streams } from "@server/platform/db/schema";
import { loadEnv } from "@server/platform/env";
import { STREAMING } from "@shared/messages/streaming";
import { eq } from "drizzle-orm";
import { startReceiver, waitFor } from "../../fakes/rtmp-receiver";
import { steamReadyMp4 } from "../../support/media";
import { createTestDatabase, wantsPostgres } from "../../support/pg-mode";
import { addVideo, withSupervisor } from "./streaming-fixtures";
import { startServerProcess } from "./streaming-server-process";

// Restarting the server: a crashed server's ffmpeg dies with it, auto-restart
// destinations resume, the others are recorded as stopped; a graceful stop leaves no ffmpeg behind.

const dataDir = mkdtempSync(join(tmpdir(), "console-restart-"));
// On PostgreSQL the server processes and the test share a database of their own.
const database: Record<string, string> = wantsPostgres() ? { DATABASE_URL: createTestDatabase() } : {};
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("server restart", () => {
  test("crash, reconcile, graceful shutdown, resume", async () => {
    const server = await startServerProcess(dataDir, database);
    // The test reads and writes the same database beside the server (on SQLite, the same file in WAL mode).
    const deps = createDeps(loadEnv({ DATA_DIR: dataDir, ...database }));
    withSupervisor(deps);
    const project = (await deps.db.insert(projects).values({ name: "Restart", orgId: 1 }).returning())[0]!;
    const media = await addVideo(deps, project.id, await steamReadyMp4(6));
    const rA = await startReceiver({ reconnect: true, key: "auto-KEY" });
    const rB = await startReceiver({ key: "manual-KEY" });
    const [dA, dB] = await Promise.all(
      [
        { rtmp: rA, autorestart: true, name: "Auto" },
        { rtmp: rB, autorestart: false, name: "Manual" },
      ].map(
        async (d) =>
          (
            await deps.db
              .insert(destinations)
              .values({
                projectId: project.id,
                name: d.name,
                type: "custom",
                rtmpUrl: d.rtmp.rtmpUrl,
                streamKey: d.rtmp.key,
                autorestart: d.autorestart,
              })
              .returning()
          )[0]!,
      ),
    );
    const api = await server.api();
    const ids: number[] = [];
    for (const d of [dA!, dB!]) {
      const res = await api(`/destinations/${d.id}/stream`, { method: "POST", json: { mediaId: media.id } });
      expect(res.status).toBe(201);
      ids.push((await res.json()).id);
    }
    const row = async (id: number) => (await deps.db.select().from(streams).where(eq(streams.id, id)))[0]!;
    await rA.waitForFrames(10);
    await rB.waitForFrames(10);
    const rows = () => Promise.all(ids.map(row));
    await waitFor(async () => (await rows()).every((r) => r.status === "running"), 5000, "both running");
    const oldPids = (await rows()).map((r) => r.pid!);

    // Crash: the server dies without a word; its children are orphaned.
    server.proc.kill("SIGKILL");
    await server.proc.exited;
    // Tied to the server, they die with it (the kernel needs a moment to deliver the signal).
    await waitFor(() => !oldPids.some(isAlive), 2000, "ffmpeg children to die with the server");

    const resumed = await deps.supervisor.reconcile();
    for (const pid of oldPids) expect(isAlive(pid)).toBe(false);
    expect(resumed).toHaveLength(1);
    expect(await row(ids[0]!)).toMatchObject({
      status: "stopped",
      lastErrorMessage: STREAMING.stoppedOnRestart,
      pid: null,
    });
    expect(await row(ids[1]!)).toMatchObject({
      status: "stopped",
      lastErrorMessage: STREAMING.stoppedOnRestart,
      pid: null,
    });
    const resumedRow = await row(resumed[0]!);
    expect(resumedRow.destinationId).toBe(dA!.id);
    await waitFor(
      async () => (await row(resumed[0]!)).status === "running",
      8000,
      "resumed stream running",
    ).catch(async (e) => {
      // Say why: the row's error and the receiver's sessions tell a refused connect from a stall.
      throw new Error(
        `${e.message}: ${JSON.stringify(await row(resumed[0]!))}, receiver sessions ${rA.sessions()}`,
      );
    });
    const framesBefore = rA.totalFrames();
    await waitFor(() => rA.totalFrames() > framesBefore + 10, 5000, "frames from the resumed stream");

    // Graceful shutdown: children stopped and recorded; the auto-restart one is marked to resume.
    const inProcessPid = (await row(resumed[0]!)).pid!;
    await deps.supervisor.shutdown();
    expect(isAlive(inProcessPid)).toBe(false);
    expect(await row(resumed[0]!)).toMatchObject({ status: "stopped", resumeOnStart: true });

    // A new server process resumes it, and SIGTERM leaves no ffmpeg of it behind.
    const again = await startServerProcess(dataDir, database);
    const third = (await deps.db.select().from(streams).where(eq(streams.destinationId, dA!.id))).find(
      (r) => r.id > resumed[0]!,
    );
    expect(third).toBeDefined();
    await waitFor(async () => (await row(third!.id)).status === "running", 8000, "resumed by the new server");
    const childPid = (await row(third!.id)).pid!;
    again.proc.kill("SIGTERM");
    expect(await again.proc.exited).toBe(0);
    expect(isAlive(childPid)).toBe(false);
    expect(await row(third!.id)).toMatchObject({ status: "stopped", resumeOnStart: true, pid: null });
    expect((await row(resumed[0]!)).resumeOnStart).toBe(false);

    deps.sqlite?.close();
    await rA.stop();
    await rB.stop();
  }, 60_000);
});
