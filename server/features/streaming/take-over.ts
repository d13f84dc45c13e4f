import type { Db } from "@server/platform/db/client";
import { resumeAfterServerEnd } from "./resume-point";
import * as store from "./stream-store";
import type { Supervisor } from "./supervisor";
import { closeOpenRunOf } from "./uptime-store";

/**
 * Starts here a stream this node has just claimed from a node that stopped answering: the same row
 * goes on (no new stream, no failure counted), its open run ends where the old owner left it, and the
 * new run starts where the loop was then.
 */
export async function takeOverStream(
  d: { db: Db; supervisor: Supervisor; log?: (line: string) => void },
  streamId: number,
  from: string | null,
): Promise<void> {
  const rows = await store.loadLaunch(d.db, streamId);
  if (typeof rows === "string") return;
  const lastSeen = await closeOpenRunOf(d.db, streamId);
  const resumeSeconds = resumeAfterServerEnd({ ...rows.stream, status: "running" }, rows, lastSeen);
  d.log?.(
    `[stream ${streamId}] moving here from ${from ?? "no node"}, ${resumeSeconds.toFixed(1)} s into its play`,
  );
  await d.supervisor.launch({ ...rows, resumeSeconds });
}
