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
import { CLAIM_TIMINGS, type ClaimTimings } from "./preparation-claims";
import { type EncodeOutcome, followEncode } from "./preparation-encode";
import { expectedSize, type MediaRow, needsPreparation, preparedCopyUsable } from "./preparation-rules";
import { type Claim, type PreparationRow, PreparationStore } from "./preparation-store";
import { PREPARED_FORMAT, prepareArgs } from "./prepare-args";

export { needsPreparation, preparedCopyUsable } from "./preparation-rules";

export interface PreparerOptions {
  db: Db;
  env: Env;
  now: () => number;
  log: (line: string) => void;
  events?: EventBus;
  /** The claim's rhythm (tests shorten it). */
  claimTimings?: Partial<ClaimTimings>;
}

type Job = { done: Promise<string>; child?: Subprocess };

/**
 * Re-encodes, once per media file, what cannot be stream-copied (a background ffmpeg job). Concurrent
 * requests for the same file share one job; the result is kept on disk and recorded in
 * media_preparations, so later streams (and later server runs) use it directly. Across nodes sharing
 * the database, the node that claims the row runs the encode and the others wait for its result.
 */
export class MediaPreparer {
  private readonly jobs = new InFlight<number, Job>();
  private readonly store: PreparationStore;
  private readonly timings: ClaimTimings;
  private closed = false;
  private lapsedTimer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: PreparerOptions) {
    this.store = new PreparationStore(options.db, options.now);
    this.timings = { ...CLAIM_TIMINGS, ...options.claimTimings };
  }

  private get node() {
    return this.options.env.NODE_NAME;
  }

  /** Other nodes may share the database (and the media folder): rows running elsewhere are theirs. */
  private get shared() {
    return Boolean(this.options.env.DATABASE_URL);
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
    const job: Job = { done: Promise.resolve("") };
    job.done = this.run(media, job);
    return this.jobs.add(media.id, job).done;
  }

  /** Runs the encode under this node's claim, or waits for the node that holds it. */
  private async run(media: MediaRow, job: Job): Promise<string> {
    if (this.closed) throw new Error(STREAMING.preparationFailed);
    const seen = await this.store.find(media.id);
    const claim = this.heldElsewhere(seen)
      ? null
      : await this.store.claim(media.id, this.node, seen, this.timings.ttlMs);
    if (!claim) return this.waitFor(media, job);
    const renewal = this.renewWhileRunning(claim, job);
    try {
      // A copy made to an earlier format, replaced once the new one is in place.
      const kept = await this.encode(media, job, claim, seen?.outputName ?? null, renewal);
      return kept ?? (await this.waitFor(media, job));
    } finally {
      renewal.stop();
    }
  }

  private heldElsewhere(row: PreparationRow | undefined): boolean {
    return row?.status === "running" && row.claimedUntil !== null && row.claimedUntil >= this.options.now();
  }

  /**
   * Keeps the claim alive while the encode runs. A renewal refused means another node took the
   * preparation over (this node was frozen or cut off past the claim's end): the encode is stopped.
   */
  private renewWhileRunning(claim: Claim, job: Job) {
    const state = { lost: false, stop: () => clearInterval(timer) };
    const timer = setInterval(async () => {
      try {
        if (state.lost || (await this.store.renew(claim, this.timings.ttlMs))) return;
        state.lost = true;
        this.options.log(
          `[prepare] media ${claim.mediaId}: claim taken over by another node, encode stopped`,
        );
        job.child?.kill("SIGKILL");
      } catch (err) {
        this.options.log(`[prepare] media ${claim.mediaId}: claim not renewed: ${(err as Error).message}`);
      }
    }, this.timings.renewMs);
    timer.unref();
    return state;
  }

  /**
   * Another node runs the encode: its result is read from the row once it is there. Should that
   * node's claim lapse (it died or lost the database), this node claims the preparation itself.
   */
  private async waitFor(media: MediaRow, job: Job): Promise<string> {
    let told = false;
    for (;;) {
      if (this.closed) throw new Error(STREAMING.preparationFailed);
      const row = await this.store.find(media.id);
      if (
        row?.status === "done" &&
        row.outputName &&
        preparedCopyUsable(this.options.env.DATA_DIR, row.outputName)
      )
        return join(this.dir, row.outputName);
      if (row?.status === "error")
        throw new Error(row.error === STREAMING.preparationNoSpace ? row.error : STREAMING.preparationFailed);
      if (!this.heldElsewhere(row)) return this.run(media, job);
      if (!told)
        this.options.log(`[prepare] media ${media.id}: waiting for node ${row?.node ?? "?"} to prepare it`);
      told = true;
      await Bun.sleep(this.timings.pollMs);
    }
  }

  /** The encode itself; null when the claim was lost meanwhile (its result is then not kept). */
  private async encode(
    media: MediaRow,
    job: Job,
    claim: Claim,
    previous: string | null,
    renewal: { lost: boolean },
  ): Promise<string | null> {
    const { env, now, log } = this.options;
    const outputName = `${media.id}-${PREPARED_FORMAT}-${crypto.randomUUID()}.mp4`;
    const output = join(this.dir, outputName);
    const partial = `${output}.part`;
    if (!(await this.hasRoom(expectedSize(media)))) {
      await this.fail(claim, STREAMING.preparationNoSpace);
      log(`[prepare] media ${media.id}: not started, too little free disk space`);
      throw new Error(STREAMING.preparationNoSpace);
    }
    if (this.closed) {
      await this.fail(claim, JOBS.interruptedByShutdown);
      throw new Error(STREAMING.preparationFailed);
    }
    const input = mediaPaths(env.DATA_DIR).file(media.storedName);
    // ffmpeg would follow a link planted in the media folder: only a regular file is read.
    if (!isRegularFileSync(input)) {
      await this.fail(claim, STREAMING.mediaFileMissing);
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
    write(async () => void (await this.store.recordPid(claim, child.pid)));
    // The encode grows its file for minutes: it is stopped before it eats the floor kept for the database.
    const outcome = await followEncode(child, {
      durationSeconds: media.durationSeconds ?? 0,
      now,
      onPercent: (percent) => write(async () => void (await this.store.recordPercent(claim, percent))),
      hasRoom: () => this.hasRoom(0),
    });
    await writes;
    if (renewal.lost) {
      rmSync(partial, { force: true });
      return null;
    }
    if (outcome.code !== 0 || this.closed) await this.failedEncode(claim, partial, outcome);
    return this.keep(claim, partial, output, outputName, previous);
  }

  /** Records why an encode failed, removes its partial file, and throws the plain reason. */
  private async failedEncode(claim: Claim, partial: string, outcome: EncodeOutcome): Promise<never> {
    rmSync(partial, { force: true });
    const noSpace = outcome.outOfSpace || outcome.stderr.some((l) => l.includes("No space left on device"));
    const error = this.closed
      ? JOBS.interruptedByShutdown
      : noSpace
        ? STREAMING.preparationNoSpace
        : maskAddresses(outcome.stderr.slice(-2).join("\n")) || `ffmpeg exited with ${outcome.code}`;
    await this.fail(claim, error);
    this.options.log(
      `[prepare] media ${claim.mediaId}: failed (exit ${outcome.code}${noSpace ? ", disk full" : ""})`,
    );
    throw new Error(noSpace ? STREAMING.preparationNoSpace : STREAMING.preparationFailed);
  }

  /**
   * Moves the finished encode into place and records it; nothing is left behind if that fails. Null
   * when another node took the preparation over meanwhile: its copy is the one kept.
   */
  private async keep(
    claim: Claim,
    partial: string,
    output: string,
    outputName: string,
    previous: string | null,
  ): Promise<string | null> {
    const mediaId = claim.mediaId;
    try {
      renameSync(partial, output);
      if (!(await this.store.markDone(claim, outputName))) {
        rmSync(output, { force: true });
        this.options.log(`[prepare] media ${mediaId}: finished after another node took it over, not kept`);
        return null;
      }
      if (previous && previous !== outputName) rmSync(join(this.dir, previous), { force: true });
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

  private async fail(claim: Claim, error: string): Promise<void> {
    const mediaId = claim.mediaId;
    try {
      if (error !== JOBS.interruptedByShutdown) await this.tellFailed(mediaId, error);
    } catch (err) {
      this.options.log(`[prepare] media ${mediaId}: could not tell the failure: ${(err as Error).message}`);
    }
    try {
      await this.store.recordFailure(claim, error);
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

  /**
   * Where nodes share the database: looks regularly for preparations whose node stopped renewing its
   * claim, and runs them here (one node wins each claim). Nothing on SQLite, where the one node's
   * own leftovers are closed at start.
   */
  watchLapsed(): void {
    if (!this.shared || this.lapsedTimer) return;
    this.lapsedTimer = setInterval(() => void this.takeOverLapsed(), this.timings.lapsedMs);
    this.lapsedTimer.unref();
  }

  /** One look for lapsed claims; never rejects. */
  async takeOverLapsed(): Promise<void> {
    try {
      for (const { row, media } of await this.store.lapsed()) {
        if (this.closed || this.jobs.get(media.id)) continue;
        this.options.log(
          `[prepare] media ${media.id}: taking over from node ${row.node ?? "?"}, whose claim lapsed`,
        );
        this.ensure(media).catch(() => {});
      }
    } catch (err) {
      this.options.log(`[prepare] lapsed preparations not read: ${(err as Error).message}`);
    }
  }

  /** Kills running jobs (their rows turn to error and are redone on demand). */
  async shutdown(): Promise<void> {
    this.closed = true;
    clearInterval(this.lapsedTimer);
    const jobs = this.jobs.values();
    for (const j of jobs) j.child?.kill("SIGKILL");
    await Promise.allSettled(jobs.map((j) => j.done));
  }

  /**
   * Rows a previous run of this node left running: their pid is killed by the caller; mark them for
   * redo. Where nodes share the database, rows other nodes claimed are theirs (a live node's encode
   * goes on; a dead node's is taken over once its claim lapses), and so are their pids.
   */
  async leftRunning(): Promise<PreparationRow[]> {
    const rows = await this.store.leftRunning();
    if (!this.shared) return rows;
    return rows.filter((r) => r.node === this.node || r.node === null);
  }

  markInterrupted(mediaId: number): Promise<void> {
    return this.store.markInterrupted(mediaId);
  }
}
