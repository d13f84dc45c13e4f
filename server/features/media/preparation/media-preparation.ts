import { join } from "node:path";
import { mediaPaths } from "@server/features/media/storage";
import type { Db } from "@server/platform/db/client";
import { mediaFiles } from "@server/platform/db/schema";
import type { Env } from "@server/platform/env";
import type { EventBus } from "@server/platform/events/bus";
import { InFlight } from "@server/platform/jobs/in-flight";
import { STREAMING } from "@shared/messages/streaming";
import type { DestinationType, MediaPreparationView } from "@shared/schemas/streaming";
import type { Subprocess } from "bun";
import { eq } from "drizzle-orm";
import { ClaimedEncoder } from "./claimed-encode";
import { CLAIM_TIMINGS, type ClaimTimings, heldElsewhere, renewWhileRunning } from "./preparation-claims";
import { type MediaRow, needsPreparation, preparedCopyUsable } from "./preparation-rules";
import { type PreparationRow, PreparationStore } from "./preparation-store";

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
  private readonly encoder: ClaimedEncoder;
  private closed = false;
  private lapsedTimer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: PreparerOptions) {
    this.store = new PreparationStore(options.db, options.now);
    this.timings = { ...CLAIM_TIMINGS, ...options.claimTimings };
    this.encoder = new ClaimedEncoder({ ...options, store: this.store, closed: () => this.closed });
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
    const claim = heldElsewhere(seen, this.options.now())
      ? null
      : await this.store.claim(media.id, this.node, seen, this.timings.ttlMs);
    if (!claim) return this.waitFor(media, job);
    const renewal = renewWhileRunning(claim, {
      store: this.store,
      timings: this.timings,
      log: this.options.log,
      onLost: () => job.child?.kill("SIGKILL"),
    });
    try {
      // A copy made to an earlier format, replaced once the new one is in place.
      const kept = await this.encoder.encode(media, job, claim, seen?.outputName ?? null, renewal);
      return kept ?? (await this.waitFor(media, job));
    } finally {
      renewal.stop();
    }
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
      if (!heldElsewhere(row, this.options.now())) return this.run(media, job);
      if (!told)
        this.options.log(`[prepare] media ${media.id}: waiting for node ${row?.node ?? "?"} to prepare it`);
      told = true;
      await Bun.sleep(this.timings.pollMs);
    }
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
