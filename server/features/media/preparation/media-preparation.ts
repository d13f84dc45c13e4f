import { renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { freeBytes, isDiskFullError } from "@server/features/media/disk-space";
import { probeMedia } from "@server/features/media/probe";
import { mediaPaths } from "@server/features/media/storage";
import type { Db } from "@server/platform/db/client";
import { mediaFiles } from "@server/platform/db/schema";
import type { Env } from "@server/platform/env";
import type { EventBus } from "@server/platform/events/bus";
import { isRegularFileSync } from "@server/platform/files/regular";
import { InFlight } from "@server/platform/jobs/in-flight";
import { spawnTied } from "@server/platform/process/child-process";
import { maskAddresses } from "@server/platform/process/mask-addresses";
import { JOBS } from "@shared/messages/jobs";
import { STREAMING } from "@shared/messages/streaming";
import type { DestinationType, MediaPreparationView } from "@shared/schemas/streaming";
import type { Subprocess } from "bun";
import { eq } from "drizzle-orm";
import { type EncodeOutcome, followEncode } from "./preparation-encode";
import { expectedSize, type MediaRow, needsPreparation, preparedCopyUsable } from "./preparation-rules";
import { PreparationStore } from "./preparation-store";
import { PREPARED_FORMAT, prepareArgs } from "./prepare-args";

export { needsPreparation, preparedCopyUsable } from "./preparation-rules";

export interface PreparerOptions {
  db: Db;
  env: Env;
  now: () => number;
  log: (line: string) => void;
  events?: EventBus;
}

/**
 * Re-encodes, once per media file, what cannot be stream-copied (a background ffmpeg job). Concurrent
 * requests for the same file share one job; the result is kept on disk and recorded in
 * media_preparations, so later streams (and later server runs) use it directly.
 */
export class MediaPreparer {
  private readonly jobs = new InFlight<number, { done: Promise<string>; child?: Subprocess }>();
  private readonly store: PreparationStore;
  private closed = false;

  constructor(private readonly options: PreparerOptions) {
    this.store = new PreparationStore(options.db, options.now);
  }

  private get dir() {
    return mediaPaths(this.options.env.DATA_DIR).prepared;
  }

  /** The file a stream of this media to this kind of destination plays: the original, or its prepared copy. */
  async fileFor(media: MediaRow, destination: DestinationType = "steam"): Promise<string> {
    if (!needsPreparation(media, destination))
      return mediaPaths(this.options.env.DATA_DIR).file(media.storedName);
    return this.ensure(media);
  }

  /** Starts the job for a media file if it has none (for example right after upload); never rejects. */
  async prepareInBackground(mediaId: number): Promise<void> {
    try {
      const [media] = await this.options.db.select().from(mediaFiles).where(eq(mediaFiles.id, mediaId));
      if (media?.kind === "video" && needsPreparation(media)) this.ensure(media).catch(() => {});
    } catch (err) {
      this.options.log(`[prepare] media ${mediaId}: not started: ${(err as Error).message}`);
    }
  }

  async ensure(media: MediaRow): Promise<string> {
    const row = await this.store.find(media.id);
    if (
      row?.status === "done" &&
      row.outputName &&
      preparedCopyUsable(this.options.env.DATA_DIR, row.outputName)
    )
      return join(this.dir, row.outputName);
    // Nothing awaited from here to the job's entry: concurrent requests share one job.
    const running = this.jobs.get(media.id);
    if (running) return running.done;
    const job: { done: Promise<string>; child?: Subprocess } = { done: Promise.resolve("") };
    job.done = this.run(media, job);
    return this.jobs.add(media.id, job).done;
  }

  private async run(media: MediaRow, job: { child?: Subprocess }): Promise<string> {
    if (this.closed) throw new Error(STREAMING.preparationFailed);
    const { env, now, log } = this.options;
    const outputName = `${media.id}-${PREPARED_FORMAT}-${crypto.randomUUID()}.mp4`;
    const output = join(this.dir, outputName);
    const partial = `${output}.part`;
    // A copy made to an earlier format, replaced once the new one is in place.
    const previous = (await this.store.find(media.id))?.outputName ?? null;
    await this.store.markRunning(media.id);
    if (!(await this.hasRoom(expectedSize(media)))) {
      await this.fail(media.id, STREAMING.preparationNoSpace);
      log(`[prepare] media ${media.id}: not started, too little free disk space`);
      throw new Error(STREAMING.preparationNoSpace);
    }
    if (this.closed) {
      await this.fail(media.id, JOBS.interruptedByShutdown);
      throw new Error(STREAMING.preparationFailed);
    }
    const input = mediaPaths(env.DATA_DIR).file(media.storedName);
    // ffmpeg would follow a link planted in the media folder: only a regular file is read.
    if (!isRegularFileSync(input)) {
      await this.fail(media.id, STREAMING.mediaFileMissing);
      throw new Error(STREAMING.mediaFileMissing);
    }
    // The picture's own length, which the stored row does not keep: the sound is padded to it.
    const probed = await probeMedia(env.FFPROBE_PATH, input).catch(() => null);
    const child = spawnTied(
      [
        env.FFMPEG_PATH,
        ...prepareArgs(input, partial, {
          frameRate: media.frameRate,
          hasAudio: media.audioCodec !== null,
          width: media.width,
          height: media.height,
          videoSeconds: probed?.videoSeconds ?? null,
        }),
      ],
      { ownGroup: true, kind: "preparation" },
    );
    job.child = child;
    log(`[prepare] media ${media.id}: re-encoding for stream copy (pid ${child.pid})`);
    // The row's writes go one after another (the pid, then each percent); a failed one is logged.
    let writes = Promise.resolve();
    const write = (what: () => Promise<void>) => {
      writes = writes
        .then(what)
        .catch((err) => log(`[prepare] media ${media.id}: progress not recorded: ${(err as Error).message}`));
    };
    write(() => this.store.recordPid(media.id, child.pid));
    // The encode grows its file for minutes: it is stopped before it eats the floor kept for the database.
    const outcome = await followEncode(child, {
      durationSeconds: media.durationSeconds ?? 0,
      now,
      onPercent: (percent) => write(() => this.store.recordPercent(media.id, percent)),
      hasRoom: () => this.hasRoom(0),
    });
    await writes;
    if (outcome.code !== 0 || this.closed) await this.failedEncode(media.id, partial, outcome);
    return this.keep(media.id, partial, output, outputName, previous);
  }

  /** Records why an encode failed, removes its partial file, and throws the plain reason. */
  private async failedEncode(mediaId: number, partial: string, outcome: EncodeOutcome): Promise<never> {
    rmSync(partial, { force: true });
    const noSpace = outcome.outOfSpace || outcome.stderr.some((l) => l.includes("No space left on device"));
    const error = this.closed
      ? JOBS.interruptedByShutdown
      : noSpace
        ? STREAMING.preparationNoSpace
        : maskAddresses(outcome.stderr.slice(-2).join("\n")) || `ffmpeg exited with ${outcome.code}`;
    await this.fail(mediaId, error);
    this.options.log(
      `[prepare] media ${mediaId}: failed (exit ${outcome.code}${noSpace ? ", disk full" : ""})`,
    );
    throw new Error(noSpace ? STREAMING.preparationNoSpace : STREAMING.preparationFailed);
  }

  /** Moves the finished encode into place and records it; nothing is left behind if that fails. */
  private async keep(
    mediaId: number,
    partial: string,
    output: string,
    outputName: string,
    previous: string | null,
  ): Promise<string> {
    try {
      renameSync(partial, output);
      await this.store.markDone(mediaId, outputName);
      if (previous) rmSync(join(this.dir, previous), { force: true });
    } catch (err) {
      rmSync(partial, { force: true });
      rmSync(output, { force: true });
      this.options.log(`[prepare] media ${mediaId}: could not be recorded: ${(err as Error).message}`);
      if (isDiskFullError(err)) throw new Error(STREAMING.preparationNoSpace);
      throw new Error(STREAMING.preparationFailed);
    }
    this.options.log(`[prepare] media ${mediaId}: ready`);
    return output;
  }

  /** Whether `bytes` more still leave the free-space floor; a failed measurement counts as room. */
  private async hasRoom(bytes: number): Promise<boolean> {
    const floor = this.options.env.MIN_FREE_DISK_BYTES;
    if (floor <= 0) return true;
    const free = await freeBytes(this.dir).catch(() => Number.POSITIVE_INFINITY);
    return free - bytes >= floor;
  }

  private async fail(mediaId: number, error: string): Promise<void> {
    try {
      if (error !== JOBS.interruptedByShutdown) await this.tellFailed(mediaId, error);
    } catch (err) {
      this.options.log(`[prepare] media ${mediaId}: could not tell the failure: ${(err as Error).message}`);
    }
    try {
      await this.store.recordFailure(mediaId, error);
    } catch (err) {
      // A full disk can refuse even this row; the error still reaches the caller.
      this.options.log(`[prepare] media ${mediaId}: could not record the failure: ${(err as Error).message}`);
    }
  }

  /** The event carries a plain sentence only: ffmpeg's own lines may name file paths. */
  private async tellFailed(mediaId: number, error: string): Promise<void> {
    const [media] = await this.options.db.select().from(mediaFiles).where(eq(mediaFiles.id, mediaId));
    if (!media || !this.options.events) return;
    const message = error === STREAMING.preparationNoSpace ? error : STREAMING.preparationFailed;
    this.options.events.emit({
      type: "preparation.failed",
      projectId: media.projectId,
      at: this.options.now(),
      mediaId,
      mediaName: media.originalName,
      message,
    });
  }

  /** Preparations of a project's media, for the Streaming page. */
  list(projectId: number): Promise<MediaPreparationView[]> {
    return this.store.list(projectId);
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
    return this.store.leftRunning();
  }

  markInterrupted(mediaId: number): Promise<void> {
    return this.store.markInterrupted(mediaId);
  }
}
