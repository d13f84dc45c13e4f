/**
 * What the supervisor asks of the node's stream leases (the nodes feature keeps them). Absent, the
 * supervisor runs every stream it is given, as a console alone on its database always may.
 */
export interface StreamOwnership {
  /** Before a stream spawns here: takes (or keeps) its lease; false when another node runs it. */
  acquire(streamId: number): Promise<boolean>;
  /** Whether this node still holds the stream at the epoch it took: a write about it is fenced by this. */
  holds(streamId: number): Promise<boolean>;
  /** A child started under the lease: the watchdog learns when it must be gone. */
  guard(streamId: number, pid: number): void;
  /** The child ended: the watchdog forgets it. */
  unguard(pid: number): void;
  /**
   * This node cannot read the stream's media (`file`, the studio's name for it): recorded for every
   * node. "handed": its lease went back and a node that has not said the same will claim it;
   * "nowhere": no node that is up can read it.
   */
  cannotRead(streamId: number, file: string): Promise<"handed" | "nowhere">;
  /** The stream ended here for good (stopped, failed with no retry): its lease is given back. */
  release(streamId: number): Promise<void>;
  /**
   * A stop asked here for a stream another node runs: tells that node and resolves once the row
   * says stopped. False when no other node holds the stream (the caller records the stop itself).
   */
  stopElsewhere(streamId: number): Promise<boolean>;
  /** A change to a stream another node runs (its playlist edited): that node is told. */
  changedElsewhere(streamId: number): Promise<void>;
  /** Streams another node holds an unexpired lease on: a starting node leaves them and their records alone. */
  heldElsewhere(): Promise<Set<number>>;
}
