import type { Db } from "@server/platform/db/client";
import { mediaFiles, mediaPreparations } from "@server/platform/db/schema";
import { maskAddresses } from "@server/platform/process/mask-addresses";
import { JOBS } from "@shared/messages/jobs";
import type { MediaPreparationView } from "@shared/schemas/streaming";
import { and, eq, isNull, lt, ne, or } from "drizzle-orm";

// The only code that writes media_preparations rows: one row per media file, the state of its
// re-encode (running with a percent, done with the prepared file's name, or error with a note), and
// the claim of the node running it. Every write about a running re-encode names the claim it was
// made under, so a node whose claim lapsed and was taken over writes nothing more about it.

/** A re-encode this node runs: the node and the moment it claimed the row identify its writes. */
export interface Claim {
  mediaId: number;
  node: string;
  startedAt: number;
}

export type PreparationRow = typeof mediaPreparations.$inferSelect;

const p = mediaPreparations;

export class PreparationStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async find(mediaId: number): Promise<PreparationRow | undefined> {
    const [row] = await this.db.select().from(p).where(eq(p.mediaId, mediaId));
    return row;
  }

  /**
   * Claims the re-encode for `node` and marks it running, written before the slow steps so the
   * Streaming page shows the job at once. Only one node can win: the row must be unclaimed (not
   * running, or running under a lapsed claim) and still as the caller saw it (`seen`), so a copy
   * another node finished meanwhile is not made again. Answers null when another node has it.
   */
  async claim(
    mediaId: number,
    node: string,
    seen: PreparationRow | undefined,
    ttlMs: number,
  ): Promise<Claim | null> {
    const now = this.now();
    const values = {
      status: "running" as const,
      percent: 0,
      outputName: null,
      error: null,
      pid: null,
      startedAt: now,
      finishedAt: null,
      node,
      claimedUntil: now + ttlMs,
    };
    const finished = seen?.finishedAt ?? null;
    const [row] = await this.db
      .insert(p)
      .values({ mediaId, ...values })
      .onConflictDoUpdate({
        target: p.mediaId,
        set: values,
        setWhere: and(
          finished === null ? isNull(p.finishedAt) : eq(p.finishedAt, finished),
          or(ne(p.status, "running"), isNull(p.claimedUntil), lt(p.claimedUntil, now)),
        ),
      })
      .returning({ mediaId: p.mediaId });
    return row ? { mediaId, node, startedAt: now } : null;
  }

  /** Moves the claim's end forward; false when the claim is no longer this run's (taken over, or ended). */
  async renew(claim: Claim, ttlMs: number): Promise<boolean> {
    const rows = await this.db
      .update(p)
      .set({ claimedUntil: this.now() + ttlMs })
      .where(held(claim))
      .returning({ mediaId: p.mediaId });
    return rows.length > 0;
  }

  recordPid(claim: Claim, pid: number): Promise<boolean> {
    return this.set(claim, { pid });
  }

  recordPercent(claim: Claim, percent: number): Promise<boolean> {
    return this.set(claim, { percent });
  }

  /** False when the claim was lost meanwhile: the prepared file is then not this run's to keep. */
  markDone(claim: Claim, outputName: string): Promise<boolean> {
    return this.set(claim, {
      status: "done",
      percent: 100,
      outputName,
      pid: null,
      finishedAt: this.now(),
      claimedUntil: null,
    });
  }

  /** Rejects when the row cannot be written (a full disk can refuse even this). */
  async recordFailure(claim: Claim, error: string): Promise<void> {
    const values = { error: error.slice(0, 1000), pid: null, finishedAt: this.now(), claimedUntil: null };
    await this.set(claim, { status: "error", ...values });
  }

  /** Preparations of a project's media, for the Streaming page. */
  async list(projectId: number): Promise<MediaPreparationView[]> {
    const rows = await this.db
      .select({ p, name: mediaFiles.originalName })
      .from(p)
      .innerJoin(mediaFiles, eq(mediaFiles.id, p.mediaId))
      .where(eq(mediaFiles.projectId, projectId));
    return rows.map(({ p: row, name }) => ({
      media_id: row.mediaId,
      media_name: name,
      status: row.status,
      percent: row.percent,
      error: row.error === null ? null : maskAddresses(row.error),
    }));
  }

  /** Rows left running: by a previous server, or by any node when nodes share the database. */
  leftRunning(): Promise<PreparationRow[]> {
    return this.db.select().from(p).where(eq(p.status, "running"));
  }

  /** Media whose re-encode is running under a claim that lapsed: its node stopped renewing it. */
  async lapsed(): Promise<{ row: PreparationRow; media: typeof mediaFiles.$inferSelect }[]> {
    const rows = await this.db
      .select({ row: p, media: mediaFiles })
      .from(p)
      .innerJoin(mediaFiles, eq(mediaFiles.id, p.mediaId))
      .where(and(eq(p.status, "running"), or(isNull(p.claimedUntil), lt(p.claimedUntil, this.now()))));
    return rows;
  }

  /** A row a previous run of this node left running (only while it is still running). */
  async markInterrupted(mediaId: number): Promise<void> {
    await this.db
      .update(p)
      .set({ status: "error", error: JOBS.interruptedByRestart, pid: null, finishedAt: this.now() })
      .where(and(eq(p.mediaId, mediaId), eq(p.status, "running")));
  }

  private async set(claim: Claim, values: Partial<typeof p.$inferInsert>): Promise<boolean> {
    const rows = await this.db.update(p).set(values).where(held(claim)).returning({ mediaId: p.mediaId });
    return rows.length > 0;
  }
}

/** The row is still running under this very claim. */
const held = (c: Claim) =>
  and(eq(p.mediaId, c.mediaId), eq(p.node, c.node), eq(p.startedAt, c.startedAt), eq(p.status, "running"));
