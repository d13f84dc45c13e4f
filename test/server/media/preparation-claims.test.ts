import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AppDeps } from "@server/deps";
import { MediaPreparer } from "@server/features/media";
import { mediaPaths } from "@server/features/media/storage";
import { isAlive } from "@server/features/streaming/processes";
import type { Db } from "@server/platform/db/client";
import { dialect } from "@server/platform/db/dialect";
import { mediaPreparations } from "@server/platform/db/schema";
import { JOBS } from "@shared/messages/jobs";
import { eq } from "drizzle-orm";
import { aviVideo } from "../../support/media";
import { makeOrg, makeProject, reopenDb, testDeps } from "../../support/server";
import { waitUntil } from "../../support/wait";
import { addVideo } from "../streaming/streaming-fixtures";

// Nodes sharing one database (and one media folder) re-encode each media file once: the node that
// claims the row runs ffmpeg, the others wait for its result, and a claim its node stopped renewing
// is taken over. Each "node" here is a preparer of its own, on a connection of its own.

const preparers: MediaPreparer[] = [];
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(preparers.map((p) => p.shutdown()));
  await Promise.all(closers.map((c) => c()));
});

const FAST_CLAIMS = { ttlMs: 1500, renewMs: 200, pollMs: 50, lapsedMs: 100 };

function node(deps: AppDeps, name: string, db: Db, lines: string[]) {
  const preparer = new MediaPreparer({
    db,
    env: { ...deps.env, NODE_NAME: name },
    now: Date.now,
    log: (line) => lines.push(`${name} ${line}`),
    claimTimings: FAST_CLAIMS,
  });
  preparers.push(preparer);
  return preparer;
}

/** Two nodes on one database: the test's connection and a second one, as another machine opens it. */
async function twoNodes(env: Record<string, string> = {}) {
  const deps = testDeps(env);
  const other = reopenDb(deps);
  closers.push(other.close);
  const lines: string[] = [];
  const org = await makeOrg(deps);
  const project = await makeProject(deps, { orgId: org.id });
  const media = await addVideo(deps, project.id, await aviVideo(3), {
    mimeType: "video/x-msvideo",
    videoCodec: "mpeg4",
    audioCodec: "mp3",
    durationSeconds: 3,
    steamReady: false,
  });
  const a = node(deps, "node-a", deps.db, lines);
  const b = node(deps, "node-b", other.db, lines);
  const row = async () =>
    (await deps.db.select().from(mediaPreparations).where(eq(mediaPreparations.mediaId, media.id)))[0];
  const encodes = () => lines.filter((l) => l.includes("re-encoding"));
  const prepared = () =>
    readdirSync(mediaPaths(deps.env.DATA_DIR).prepared).filter((n) => n.endsWith(".mp4"));
  return { deps, media, a, b, row, lines, encodes, prepared };
}

/** A running row another node claimed, as it writes it. */
async function claimedBy(deps: AppDeps, mediaId: number, name: string, claimedUntil: number, pid?: number) {
  await deps.db.insert(mediaPreparations).values({
    mediaId,
    status: "running",
    percent: 12,
    startedAt: Date.now() - 5000,
    node: name,
    claimedUntil,
    pid: pid ?? null,
  });
}

describe("media preparation across nodes", () => {
  test("two nodes asked for the same file at the same moment: one encodes, both get its copy", async () => {
    const w = await twoNodes();
    const [fromA, fromB] = await Promise.all([w.a.ensure(w.media), w.b.ensure(w.media)]);
    expect(fromA).toBe(fromB);
    expect(w.encodes()).toHaveLength(1);
    expect(w.prepared()).toHaveLength(1);
    const row = (await w.row())!;
    expect(row.status).toBe("done");
    expect(fromA).toEndWith(row.outputName!);
    expect(w.encodes()[0]).toStartWith(`${row.node} `);
    // The loser waited for the winner's copy rather than making its own.
    const loser = row.node === "node-a" ? "node-b" : "node-a";
    expect(w.lines.some((l) => l.startsWith(`${loser} `) && l.includes("waiting for node"))).toBe(true);
  }, 60_000);

  test("a node that stopped renewing its claim has its preparation taken over once the claim lapses", async () => {
    const w = await twoNodes();
    // node-gone claimed it a moment ago, then died: no renewal comes.
    const lapsesAt = Date.now() + 1200;
    await claimedBy(w.deps, w.media.id, "node-gone", lapsesAt);
    const file = await w.b.ensure(w.media);
    // Not before the claim ended: node-b waited for it first.
    expect(Date.now()).toBeGreaterThanOrEqual(lapsesAt);
    expect(w.lines.some((l) => l.startsWith("node-b ") && l.includes("waiting for node node-gone"))).toBe(
      true,
    );
    const row = (await w.row())!;
    expect(row).toMatchObject({ status: "done", node: "node-b" });
    expect(file).toEndWith(row.outputName!);
    expect(w.encodes()).toHaveLength(1);
  }, 60_000);

  test("a lapsed claim nobody waits for is taken over by the next look for lapsed claims", async () => {
    const w = await twoNodes();
    await claimedBy(w.deps, w.media.id, "node-gone", Date.now() - 1);
    await w.a.takeOverLapsed();
    await waitUntil(async () => (await w.row())?.status === "done", 30_000, "the preparation to finish");
    expect((await w.row())!.node).toBe("node-a");
    expect(w.encodes()).toHaveLength(1);
    // A live claim is left alone by the same look.
    const before = w.lines.length;
    await w.deps.db
      .update(mediaPreparations)
      .set({ status: "running", node: "node-b", claimedUntil: Date.now() + 60_000 })
      .where(eq(mediaPreparations.mediaId, w.media.id));
    await w.a.takeOverLapsed();
    expect(w.lines.slice(before).filter((l) => l.includes("taking over"))).toEqual([]);
  }, 60_000);

  test("a node that lost its claim while encoding keeps nothing: the new holder's copy stands", async () => {
    const w = await twoNodes();
    const file = w.a.ensure(w.media);
    await waitUntil(async () => (await w.row())?.pid, 30_000, "node-a's encode to start");
    // node-b took the row over (node-a looked dead to it): node-a's next renewal is refused.
    await w.deps.db
      .update(mediaPreparations)
      .set({ node: "node-b", startedAt: Date.now(), claimedUntil: Date.now() + 60_000 })
      .where(eq(mediaPreparations.mediaId, w.media.id));
    await waitUntil(
      () => w.lines.some((l) => l.includes("claim taken over")),
      10_000,
      "the claim to be lost",
    );
    await w.deps.db
      .update(mediaPreparations)
      .set({ status: "error", error: "stopped by the test", finishedAt: Date.now() })
      .where(eq(mediaPreparations.mediaId, w.media.id));
    // node-a answers the new holder's result, and wrote nothing over its row.
    await expect(file).rejects.toThrow();
    expect((await w.row())!).toMatchObject({ node: "node-b", error: "stopped by the test" });
    expect(w.prepared()).toEqual([]);
  }, 60_000);
});

describe("a node's start and the preparations of others", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  test("a booting node closes its own leftovers, and leaves alone a preparation another live node runs", async () => {
    const w = await twoNodes({ NODE_NAME: "node-b" });
    // node-a's encode, alive, under a claim it keeps renewing: an ffmpeg writing a .part file.
    const dir = mkdtempSync(join(tmpdir(), "prep-claim-"));
    dirs.push(dir);
    const ffmpeg = Bun.spawn(
      [
        ...["ffmpeg", "-hide_banner", "-nostdin", "-re", "-f", "lavfi", "-i", "testsrc=size=64x64:rate=5"],
        ...["-progress", "pipe:1", "-f", "mp4", join(dir, "1-encode.mp4.part")],
      ],
      { stdin: "ignore", stdout: "ignore", stderr: "ignore" },
    );
    try {
      await waitUntil(() => isAlive(ffmpeg.pid), 5000, "the encode to run");
      await claimedBy(w.deps, w.media.id, "node-a", Date.now() + 60_000, ffmpeg.pid);
      // node-b's own encode of another file, left by its previous run.
      const own = await addVideo(w.deps, w.media.projectId, await aviVideo(3), { steamReady: false });
      await claimedBy(w.deps, own.id, "node-b", Date.now() + 60_000);

      await w.deps.supervisor.reconcile();

      const ownRow = (
        await w.deps.db.select().from(mediaPreparations).where(eq(mediaPreparations.mediaId, own.id))
      )[0]!;
      expect(ownRow).toMatchObject({ status: "error", error: JOBS.interruptedByRestart });
      if (dialect === "postgres") {
        // Another node's, on a shared database: its encode goes on and its row is untouched.
        expect(isAlive(ffmpeg.pid)).toBe(true);
        expect((await w.row())!).toMatchObject({ status: "running", node: "node-a", pid: ffmpeg.pid });
      } else {
        // On SQLite the one node owns every row: what a previous run left is closed, its ffmpeg killed
        // (a signal sent: the process is gone a moment later).
        await waitUntil(() => !isAlive(ffmpeg.pid), 5000, "the leftover encode to be killed");
        expect((await w.row())!).toMatchObject({ status: "error", error: JOBS.interruptedByRestart });
      }
    } finally {
      ffmpeg.kill("SIGKILL");
      await ffmpeg.exited;
    }
  }, 60_000);
});
