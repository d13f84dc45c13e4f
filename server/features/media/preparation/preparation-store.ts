import type { Db } from "@server/platform/db/client";
import { mediaFiles, mediaPreparations } from "@server/platform/db/schema";
import { maskAddresses } from "@server/platform/process/mask-addresses";
import { JOBS } from "@shared/messages/jobs";
import type { MediaPreparationView } from "@shared/schemas/streaming";
import { eq } from "drizzle-orm";

// The only code that writes media_preparations rows: one row per media file, the state of its
// re-encode (running with a percent, done with the prepared file's name, or error with a note).

export class PreparationStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async find(mediaId: number) {
    const [row] = await this.db
      .select()
      .from(mediaPreparations)
      .where(eq(mediaPreparations.mediaId, mediaId));
    return row;
  }

  /** Written before the slow steps, so the Streaming page shows the job at once. */
  async markRunning(mediaId: number): Promise<void> {
    const values = {
      status: "running" as const,
      percent: 0,
      outputName: null,
      error: null,
      startedAt: this.now(),
      finishedAt: null,
    };
    await this.db
      .insert(mediaPreparations)
      .values({ mediaId, ...values })
      .onConflictDoUpdate({ target: mediaPreparations.mediaId, set: values });
  }

  recordPid(mediaId: number, pid: number): Promise<void> {
    return this.set(mediaId, { pid });
  }

  recordPercent(mediaId: number, percent: number): Promise<void> {
    return this.set(mediaId, { percent });
  }

  markDone(mediaId: number, outputName: string): Promise<void> {
    return this.set(mediaId, { status: "done", percent: 100, outputName, pid: null, finishedAt: this.now() });
  }

  /** Rejects when the row cannot be written (a full disk can refuse even this). */
  async recordFailure(mediaId: number, error: string): Promise<void> {
    const values = {
      status: "error" as const,
      error: error.slice(0, 1000),
      pid: null,
      finishedAt: this.now(),
    };
    await this.db
      .insert(mediaPreparations)
      .values({ mediaId, percent: 0, startedAt: this.now(), ...values })
      .onConflictDoUpdate({ target: mediaPreparations.mediaId, set: values });
  }

  /** Preparations of a project's media, for the Streaming page. */
  async list(projectId: number): Promise<MediaPreparationView[]> {
    const rows = await this.db
      .select({ p: mediaPreparations, name: mediaFiles.originalName })
      .from(mediaPreparations)
      .innerJoin(mediaFiles, eq(mediaFiles.id, mediaPreparations.mediaId))
      .where(eq(mediaFiles.projectId, projectId));
    return rows.map(({ p, name }) => ({
      media_id: p.mediaId,
      media_name: name,
      status: p.status,
      percent: p.percent,
      error: p.error === null ? null : maskAddresses(p.error),
    }));
  }

  /** Rows a previous server left running. */
  async leftRunning() {
    return this.db.select().from(mediaPreparations).where(eq(mediaPreparations.status, "running"));
  }

  markInterrupted(mediaId: number): Promise<void> {
    return this.set(mediaId, {
      status: "error",
      error: JOBS.interruptedByRestart,
      pid: null,
      finishedAt: this.now(),
    });
  }

  private async set(mediaId: number, values: Partial<typeof mediaPreparations.$inferInsert>): Promise<void> {
    await this.db.update(mediaPreparations).set(values).where(eq(mediaPreparations.mediaId, mediaId));
  }
}
