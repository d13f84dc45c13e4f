import type { AppDeps } from "@server/deps";
import { requireAdmin } from "@server/features/projects";
import { iso } from "@server/platform/iso";
import { NODE_DOWN_AFTER_MS, type NodeView } from "@shared/schemas/nodes";
import type { SessionUser } from "@shared/types";
import { allNodes, type NodeRow } from "./node-store";

/** Past three missed heartbeats a node reads as down. */
export const isDown = (row: Pick<NodeRow, "lastHeartbeatAt">, now: number) =>
  now - row.lastHeartbeatAt > NODE_DOWN_AFTER_MS;

export function nodeView(row: NodeRow, now: number): NodeView {
  return {
    name: row.name,
    streams: row.streams,
    max_streams: row.maxStreams,
    cpu_percent: row.cpuPercent,
    rss_bytes: row.rssBytes,
    started_at: iso(row.startedAt),
    last_heartbeat_at: iso(row.lastHeartbeatAt),
    heartbeat_age_seconds: Math.max(0, Math.floor((now - row.lastHeartbeatAt) / 1000)),
    down: isDown(row, now),
  };
}

/** Every node on the database, by name: the machines' load, so admins only. */
export async function listNodes(deps: AppDeps, user: SessionUser): Promise<NodeView[]> {
  requireAdmin(user);
  const rows = await allNodes(deps.db);
  const now = deps.now();
  return rows.map((row) => nodeView(row, now));
}
