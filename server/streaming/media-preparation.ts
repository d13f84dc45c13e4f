import { existsSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { eq } from "drizzle-orm";
import { JOBS } from "../../shared/messages/jobs";
import { STREAMING } from "../../shared/messages/streaming";
import type { MediaPreparationView } from "../../shared/schemas/streaming";
import type { Db } from "../db/client";
import { mediaFiles, mediaPreparations } from "../db/schema";
import type { Env } from "../env";
import { InFlight } from "../jobs/in-flight";
import { freeBytes, isDiskFullError } from "../media/disk-space";
import { mediaPaths } from "../media/storage";
import { spawnTied } from "./child-process";
import { PREPARED_AUDIO_KBPS, PREPARED_VIDEO_KBPS, prepareArgs } from "./ffmpeg-args";
import { LineTail } from "./line-tail";
import { ProgressParser } from "./progress";

type MediaRow = typeof mediaFiles.$inferSelect;

/** How often a running encode looks at the free space. */
const SPACE_CHECK_MS = 2000;

/** What the encode will write, from its fixed bitrates, with a margin for the container. */
const expectedSize = (m: MediaRow) =>
  Math.ceil((m.durationSeconds ?? 0) * (PREPARED_VIDEO_KBPS + PREPARED_AUDIO_KBPS) * 125 * 1.1);

/** Stream copy needs H.264 video, AAC audio and keyframes at most 2 s apart (the media probe's steam_ready). */
export const needsPreparation = (m: MediaRow) =>
  !m.steamReady || m.videoCodec !== "h264" || (m.audioCodec !== null && m.audioCodec !== "aac");

export interface PreparerOptions {
  db: Db;
  env: Env;
  now: () => number;
  log: (line: string) => void;
}

/**
 * Re-encodes, once per media file, what cannot be stream-copied (a background ffmpeg job). Concurrent
 * requests for the same file share one job; the result is kept on disk and recorded in
 * media_preparations, so later streams (and later server runs) use it directly.
 */
export class MediaPreparer {
  private readonly jobs = new InFlight<number, { done: Promise<string>; child?: Subprocess }>();
  private closed = false;

  constructor(private readonly o: PreparerOptions) {}

  private get dir() {
    return mediaPaths(this.o.env.DATA_DIR).prepared;
  }

  /** The file a stream of this media plays: the original, or its prepared copy (made now if needed). */
  async fileFor(media: MediaRow): Promise<string> {
    if (!needsPreparation(media)) return mediaPaths(this.o.env.DATA_DIR).file(media.storedName);
    return this.ensure(media);
  }

  /** Starts the job for a media file if it has none (for example right after upload); never throws. */
  prepareInBackground(mediaId: number): void {
    const media = this.o.db.select().from(mediaFiles).where(eq(mediaFiles.id, mediaId)).get();
    if (media?.kind === "video" && needsPreparation(media)) this.ensure(media).catch(() => {});
  }

  ensure(media: MediaRow): Promise<string> {
    const row = this.o.db
      .select()
      .from(mediaPreparations)
      .where(eq(mediaPreparations.mediaId, media.id))
      .get();
    if (row?.status === "done" && row.outputName) {
      const path = join(this.dir, row.outputName);
      if (existsSync(path)) return Promise.resolve(path);
    }
    const running = this.jobs.get(media.id);
    if (running) return running.done;
    const job: { done: Promise<string>; child?: Subprocess } = { done: Promise.resolve("") };
    job.done = this.run(media, job);
    return this.jobs.add(media.id, job).done;
  }

  private async run(media: MediaRow, job: { child?: Subprocess }): Promise<string> {
    if (this.closed) throw new Error(STREAMING.preparationFailed);
    const { db, env, now } = this.o;
    const input = mediaPaths(env.DATA_DIR).file(media.storedName);
    const outputName = `${media.id}-${crypto.randomUUID()}.mp4`;
    const output = join(this.dir, outputName);
    const partial = `${output}.part`;
    const values = {
      status: "running" as const,
      percent: 0,
      outputName: null,
      error: null,
      startedAt: now(),
      finishedAt: null,
    };
    db.insert(mediaPreparations)
      .values({ mediaId: media.id, ...values })
      .onConflictDoUpdate({ target: mediaPreparations.mediaId, set: values })
      .run();
    // The row is written first (before any await), so the Streaming page shows the job at once.
    if (!(await this.hasRoom(expectedSize(media)))) {
      this.recordFailure(media.id, STREAMING.preparationNoSpace);
      this.o.log(`[prepare] media ${media.id}: not started, too little free disk space`);
      throw new Error(STREAMING.preparationNoSpace);
    }
    if (this.closed) {
      this.recordFailure(media.id, "Interrupted by shutdown");
      throw new Error(STREAMING.preparationFailed);
    }
    const child = spawnTied(
      [
        env.FFMPEG_PATH,
        ...prepareArgs(input, partial, { frameRate: media.frameRate, hasAudio: media.audioCodec !== null }),
      ],
      { ownGroup: true, kind: "preparation" },
    );
    job.child = child;
    // The encode grows its file for minutes: stop it before it eats the floor kept for the database.
    let outOfSpace = false;
    const watch = setInterval(async () => {
      if (child.exitCode === null && !(await this.hasRoom(0))) {
        outOfSpace = true;
        child.kill("SIGKILL");
      }
    }, SPACE_CHECK_MS);
    watch.unref();
    db.update(mediaPreparations).set({ pid: child.pid }).where(eq(mediaPreparations.mediaId, media.id)).run();
    this.o.log(`[prepare] media ${media.id}: re-encoding for stream copy (pid ${child.pid})`);
    const duration = media.durationSeconds ?? 0;
    let lastWrite = 0;
    const parser = new ProgressParser((block) => {
      const micros = Number(block.get("out_time_us") ?? block.get("out_time_ms") ?? 0);
      if (!duration || !Number.isFinite(micros)) return;
      const percent = Math.min(99.9, Math.round((micros / 1e6 / duration) * 1000) / 10);
      // One write a second at most: the progress is for people watching, not a log.
      if (now() - lastWrite < 1000) return;
      lastWrite = now();
      db.update(mediaPreparations).set({ percent }).where(eq(mediaPreparations.mediaId, media.id)).run();
    });
    const tail = new LineTail(20);
    const decoder = new TextDecoder();
    const pump = async (stream: ReadableStream<Uint8Array>, sink: (t: string) => void) => {
      for await (const chunk of stream) sink(decoder.decode(chunk, { stream: true }));
    };
    const [code] = await Promise.all([
      child.exited,
      pump(child.stdout, (t) => parser.push(t)),
      pump(child.stderr, (t) => tail.push(t)),
    ]).finally(() => clearInterval(watch));
    if (code !== 0 || this.closed) {
      rmSync(partial, { force: true });
      const noSpace = outOfSpace || tail.all().some((l) => l.includes("No space left on device"));
      const error = this.closed
        ? "Interrupted by shutdown"
        : noSpace
          ? STREAMING.preparationNoSpace
          : tail.all().slice(-2).join("\n") || `ffmpeg exited with ${code}`;
      this.recordFailure(media.id, error);
      this.o.log(`[prepare] media ${media.id}: failed (exit ${code}${noSpace ? ", disk full" : ""})`);
      throw new Error(noSpace ? STREAMING.preparationNoSpace : STREAMING.preparationFailed);
    }
    try {
      renameSync(partial, output);
      db.update(mediaPreparations)
        .set({ status: "done", percent: 100, outputName, pid: null, finishedAt: now() })
        .where(eq(mediaPreparations.mediaId, media.id))
        .run();
    } catch (err) {
      rmSync(partial, { force: true });
      rmSync(output, { force: true });
      this.o.log(`[prepare] media ${media.id}: could not be recorded: ${(err as Error).message}`);
      if (isDiskFullError(err)) throw new Error(STREAMING.preparationNoSpace);
      throw new Error(STREAMING.preparationFailed);
    }
    this.o.log(`[prepare] media ${media.id}: ready`);
    return output;
  }

  /** Whether `bytes` more still leave the free-space floor; a failed measurement counts as room. */
  private async hasRoom(bytes: number): Promise<boolean> {
    const floor = this.o.env.MIN_FREE_DISK_BYTES;
    if (floor <= 0) return true;
    const free = await freeBytes(this.dir).catch(() => Number.POSITIVE_INFINITY);
    return free - bytes >= floor;
  }

  private recordFailure(mediaId: number, error: string): void {
    const values = {
      status: "error" as const,
      error: error.slice(0, 1000),
      pid: null,
      finishedAt: this.o.now(),
    };
    try {
      this.o.db
        .insert(mediaPreparations)
        .values({ mediaId, percent: 0, startedAt: this.o.now(), ...values })
        .onConflictDoUpdate({ target: mediaPreparations.mediaId, set: values })
        .run();
    } catch (err) {
      // A full disk can refuse even this row; the error still reaches the caller.
      this.o.log(`[prepare] media ${mediaId}: could not record the failure: ${(err as Error).message}`);
    }
  }

  /** Preparations of a project's media, for the Streaming page. */
  list(projectId: number): MediaPreparationView[] {
    return this.o.db
      .select({ p: mediaPreparations, name: mediaFiles.originalName })
      .from(mediaPreparations)
      .innerJoin(mediaFiles, eq(mediaFiles.id, mediaPreparations.mediaId))
      .where(eq(mediaFiles.projectId, projectId))
      .all()
      .map(({ p, name }) => ({
        media_id: p.mediaId,
        media_name: name,
        status: p.status,
        percent: p.percent,
        error: p.error,
      }));
  }

  pids(): number[] {
    return this.jobs.values().flatMap((j) => (j.child?.pid ? [j.child.pid] : []));
  }

  /** Kills running jobs (their rows turn to error and are redone on demand). */
  async shutdown(): Promise<void> {
    this.closed = true;
    const jobs = this.jobs.values();
    for (const j of jobs) j.child?.kill("SIGKILL");
    await Promise.allSettled(jobs.map((j) => j.done));
  }

  /** Rows left running by a previous server: their pid is killed by the caller; mark them for redo. */
  leftRunning() {
    return this.o.db.select().from(mediaPreparations).where(eq(mediaPreparations.status, "running")).all();
  }

  markInterrupted(mediaId: number): void {
    this.o.db
      .update(mediaPreparations)
      .set({ status: "error", error: JOBS.interruptedByRestart, pid: null, finishedAt: this.o.now() })
      .where(eq(mediaPreparations.mediaId, mediaId))
      .run();
  }
}
