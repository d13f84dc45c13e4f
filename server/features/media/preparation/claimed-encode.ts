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
import { spawnTied } from "@server/platform/process/child-process";
import { maskAddresses } from "@server/platform/process/mask-addresses";
import { JOBS } from "@shared/messages/jobs";
import { STREAMING } from "@shared/messages/streaming";
import type { Subprocess } from "bun";
import { eq } from "drizzle-orm";
import { type EncodeOutcome, followEncode } from "./preparation-encode";
import { expectedSize, type MediaRow } from "./preparation-rules";
import type { Claim, PreparationStore } from "./preparation-store";
import { PREPARED_FORMAT, prepareArgs } from "./prepare-args";

export interface ClaimedEncoderOptions {
  db: Db;
  env: Env;
  now: () => number;
  log: (line: string) => void;
  events?: EventBus;
  store: PreparationStore;
  /** Whether the preparer shuts down: no encode starts then, and one cut short is recorded as interrupted. */
  closed: () => boolean;
}

/**
 * One re-encode run under this node's claim, from the free-space check to its end: the finished copy
 * moved into place and recorded, or the failure recorded on the row and told to the project, so a
 * failed encode leaves no file behind and every caller gets the same plain reason.
 */
export class ClaimedEncoder {
  constructor(private readonly options: ClaimedEncoderOptions) {}

  private get dir() {
    return mediaPaths(this.options.env.DATA_DIR).prepared;
  }

  /**
   * The encode itself; null when the claim was lost meanwhile (its result is then not kept). The
   * spawned ffmpeg goes on `job.child`, where shutdown and a lost claim can kill it.
   */
  async encode(
    media: MediaRow,
    job: { child?: Subprocess },
    claim: Claim,
    previous: string | null,
    renewal: { lost: boolean },
  ): Promise<string | null> {
    const { env, now, log, store } = this.options;
    const outputName = `${media.id}-${PREPARED_FORMAT}-${crypto.randomUUID()}.mp4`;
    const output = join(this.dir, outputName);
    const partial = `${output}.part`;
    if (!(await this.hasRoom(expectedSize(media)))) {
      await this.fail(claim, STREAMING.preparationNoSpace);
      log(`[prepare] media ${media.id}: not started, too little free disk space`);
      throw new Error(STREAMING.preparationNoSpace);
    }
    if (this.options.closed()) {
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
    write(async () => void (await store.recordPid(claim, child.pid)));
    // The encode grows its file for minutes: it is stopped before it eats the floor kept for the database.
    const outcome = await followEncode(child, {
      durationSeconds: media.durationSeconds ?? 0,
      now,
      onPercent: (percent) => write(async () => void (await store.recordPercent(claim, percent))),
      hasRoom: () => this.hasRoom(0),
    });
    await writes;
    if (renewal.lost) {
      rmSync(partial, { force: true });
      return null;
    }
    if (outcome.code !== 0 || this.options.closed()) await this.failedEncode(claim, partial, outcome);
    return this.keep(claim, partial, output, outputName, previous);
  }

  /** Records why an encode failed, removes its partial file, and throws the plain reason. */
  private async failedEncode(claim: Claim, partial: string, outcome: EncodeOutcome): Promise<never> {
    rmSync(partial, { force: true });
    const noSpace = outcome.outOfSpace || outcome.stderr.some((l) => l.includes("No space left on device"));
    const error = this.options.closed()
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
      if (!(await this.options.store.markDone(claim, outputName))) {
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
      await this.options.store.recordFailure(claim, error);
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
}
