import { createHash } from "node:crypto";
import type { Env } from "@server/platform/env";
import { lineLogger, log } from "@server/platform/log";
import { deadlineFolder, LeaseDeadlines } from "@server/platform/process/lease-deadlines";
import type { AppDeps } from "./deps";

/**
 * What a node on a shared PostgreSQL database adds to the boot: the lease watchdog, the streams other
 * nodes run (which this node's boot passes leave alone), and, once its own streams are back, its
 * lease renewals and claims. On SQLite there is one node and none of it runs.
 */
export interface NodeBoot {
  /** Streams another node holds: their open records are not this node's to close. */
  elsewhere: Set<number>;
  /** After reconcile: renewals, claims and signals from the other nodes. */
  start(): Promise<void>;
  /** Shutdown, before the supervisor's: hands this node's streams to the other nodes that are up. */
  handOver(): Promise<void>;
  /** Shutdown, once every ffmpeg has ended: stops renewing, claiming and the watchdog. */
  stop(): Promise<void>;
}

export async function bootNode(deps: AppDeps, env: Env): Promise<NodeBoot> {
  const leases = deps.leases;
  if (!leases)
    return { elsewhere: new Set(), start: async () => {}, handOver: async () => {}, stop: async () => {} };
  // One folder per node and data folder: two consoles on one machine never share a watchdog.
  const tag = createHash("sha256").update(env.DATA_DIR).digest("hex").slice(0, 8);
  const deadlines = new LeaseDeadlines({ folder: deadlineFolder(`${env.NODE_NAME}-${tag}`, env.DATA_DIR) });
  try {
    await deadlines.start();
    leases.keeper.attachDeadlines(deadlines);
  } catch (err) {
    // The node still stops its own streams before their leases end; only the backstop is missing.
    log.warn(`Lease watchdog not started: ${(err as Error).message}`);
  }
  return {
    elsewhere: await leases.heldElsewhere(),
    start: () => leases.start(),
    async handOver() {
      const handed = await leases.handOver().catch((err: Error) => {
        lineLogger()(`Streams not handed over: ${err.message}`);
        return 0;
      });
      if (handed) log.info(`Handed ${handed} stream(s) over to the other nodes`);
    },
    async stop() {
      await leases.stop();
      // The watchdog leaves once no deadline is left: after the supervisor stopped every ffmpeg.
      await deadlines.stop();
    },
  };
}
