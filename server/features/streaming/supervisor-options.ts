import type { Db } from "@server/platform/db/client";
import type { Env } from "@server/platform/env";
import type { EventBus } from "@server/platform/events/bus";
import type { Resolver } from "@server/platform/net/outbound-target";
import type { StreamTimings } from "./backoff";
import type { StreamOwnership } from "./ownership";
import type { RunListener } from "./run-observers";

export interface SupervisorOptions {
  db: Db;
  env: Env;
  now: () => number;
  timings?: Partial<StreamTimings>;
  log?: (line: string) => void;
  /** Where failures, stalls and recoveries are told; none when absent. */
  events?: EventBus;
  /** Host names of ingests are resolved with this before every start (default: the system's). */
  resolve?: Resolver;
  /** Told of every run's start and end beside the uptime record (the store-page check). */
  runListeners?: readonly RunListener[];
  /** ffmpeg start-ups let through at once while the CPU is busy (default: the CPU count). */
  startConcurrency?: number;
  /** The node's stream leases, when nodes share the database (see ownership.ts). */
  ownership?: StreamOwnership;
}
