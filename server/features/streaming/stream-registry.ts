import { removePlaylistLists } from "@server/features/streaming/playlists/playlist-input";
import type { Db } from "@server/platform/db/client";
import type { LiveFigures } from "@shared/schemas/streaming";
import type { StreamOwnership } from "./ownership";
import type { RunObservers } from "./run-observers";
import { cancelWait, type StreamEntry } from "./stream-entry";
import { existingIds } from "./stream-store";
import type { WhileStreams } from "./while-streams";

/**
 * The streams in the supervisor's hands, by id: how one is let go of (on purpose, or because another
 * node owns it now) and what the node's leases read of them.
 */
export class StreamRegistry {
  private readonly entries = new Map<number, StreamEntry>();

  constructor(
    private readonly o: {
      dataDir: string;
      observers: RunObservers;
      watch: WhileStreams;
      ownership: StreamOwnership | undefined;
      log: (line: string) => void;
    },
  ) {}

  get = (streamId: number) => this.entries.get(streamId);
  has = (streamId: number) => this.entries.has(streamId);
  ids = () => [...this.entries.keys()];

  /** Takes the stream in hand; answers it. */
  add(entry: StreamEntry): StreamEntry {
    this.entries.set(entry.streamId, entry);
    this.o.watch.set(true);
    return entry;
  }

  /** Lets go of the stream (once); its lease goes back unless another node owns the stream now. */
  forget(entry: StreamEntry): void {
    if (this.entries.get(entry.streamId) !== entry) return;
    cancelWait(entry);
    removePlaylistLists(this.o.dataDir, entry.streamId);
    this.o.observers.streamEnded(entry.streamId);
    this.entries.delete(entry.streamId);
    if (this.entries.size === 0) this.o.watch.set(false);
    entry.end();
    if (entry.abandoned || !this.o.ownership) return;
    this.o.ownership
      .release(entry.streamId)
      .catch((err) => this.o.log(`[stream ${entry.streamId}] lease not released: ${err}`));
  }

  /**
   * Ends a stream's ffmpeg now and writes nothing about it: its lease went to another node (or is
   * about to end with the database out of reach), and the row is the new owner's to write.
   */
  letGo(streamId: number, reason: string): void {
    const entry = this.entries.get(streamId);
    if (!entry) return;
    const proc = entry.process;
    Object.assign(entry, { abandoned: true, stopRequested: true, process: null });
    this.o.log(`[stream ${streamId}] let go: ${reason}`);
    this.forget(entry);
    if (proc) void proc.kill();
  }

  /** The streams this node runs, with their ffmpeg's pid and latest figures (for the lease renewals). */
  local(): { streamId: number; pid: number | null; figures: LiveFigures | null }[] {
    return [...this.entries.values()].map((e) => ({
      streamId: e.streamId,
      pid: e.process?.pid ?? null,
      figures: e.process?.figures ?? null,
    }));
  }

  /** Ends the streams whose row is gone (their project was deleted under them). */
  async endOrphans(db: Db): Promise<void> {
    const ids = this.ids();
    const present = await existingIds(db, ids);
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (!entry || present.has(id)) continue;
      entry.stopRequested = true;
      if (entry.process) void entry.process.kill();
      else this.forget(entry);
    }
  }

  /** The running stream's latest progress figures, or null. */
  live = (streamId: number): LiveFigures | null => this.entries.get(streamId)?.process?.figures ?? null;
}
