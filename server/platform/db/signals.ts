import type { SQL } from "bun";

/**
 * Short messages between the nodes sharing a database, for what must reach another node at once (a
 * stop asked on one node for a stream another runs). On PostgreSQL they travel by LISTEN/NOTIFY,
 * delivered to every listening node (the sender's own included) and only once the sending transaction
 * commits; on SQLite there is one node, and they stay in this process. A lost message costs a delay,
 * never correctness: the database rows stay the truth, and nodes reread them on their own timers.
 */
export interface ClusterSignals {
  publish(channel: string, payload: string): Promise<void>;
  /** Resolves once listening; the answer stops it. */
  subscribe(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
}

/** PostgreSQL's NOTIFY payload limit is 8000 bytes: a signal names rows, it never carries them. */
export const MAX_SIGNAL_BYTES = 7900;

function checked(payload: string): string {
  if (Buffer.byteLength(payload) > MAX_SIGNAL_BYTES) throw new Error("signal payload too large");
  return payload;
}

export function pgSignals(client: SQL): ClusterSignals {
  return {
    publish: (channel, payload) => client.notify(channel, checked(payload)),
    async subscribe(channel, onMessage) {
      const subscription = await client.listen(channel, onMessage);
      return () => subscription.unlisten();
    },
  };
}

export function localSignals(): ClusterSignals {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  return {
    async publish(channel, payload) {
      checked(payload);
      // Delivered after the publisher's turn, as a notification would be.
      for (const handler of handlers.get(channel) ?? []) queueMicrotask(() => handler(payload));
    },
    async subscribe(channel, onMessage) {
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set);
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
      };
    },
  };
}
