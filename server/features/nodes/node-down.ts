import { enqueue } from "@server/features/webhooks";
import type { Db } from "@server/platform/db/client";
import { nodes, webhooks } from "@server/platform/db/schema";
import { interruptJobsOf } from "@server/platform/jobs/runner";
import { NODE_DOWN_AFTER_MS } from "@shared/schemas/nodes";
import { and, isNull, lt } from "drizzle-orm";

export interface DownNode {
  name: string;
  lastHeartbeatAt: number;
  streams: number;
}

/**
 * Finds the nodes whose heartbeat is older than NODE_DOWN_AFTER_MS and not yet reported, marks them
 * reported and queues `node.down` for every webhook that lists the event, in one transaction. The
 * mark is a conditional update: of two nodes looking at once, only the one whose update changed the
 * row queues anything, so each outage is told once (the node's next heartbeat clears the mark). The
 * Steam syncs the node was running end interrupted, which frees their keys for another node.
 * `node.down` is about the console, not one project: every webhook that lists it gets it, and the
 * payload names the webhook's own project.
 */
export async function reportDownNodes(db: Db, now: number): Promise<DownNode[]> {
  return db.transaction(async (tx) => {
    const down = await tx
      .update(nodes)
      .set({ downReportedAt: now })
      .where(and(lt(nodes.lastHeartbeatAt, now - NODE_DOWN_AFTER_MS), isNull(nodes.downReportedAt)))
      .returning({ name: nodes.name, lastHeartbeatAt: nodes.lastHeartbeatAt, streams: nodes.streams });
    if (down.length === 0) return [];
    await interruptJobsOf(
      tx,
      down.map((n) => n.name),
      now,
    );
    const hooks = (await tx.select().from(webhooks)).filter((w) => w.events.includes("node.down"));
    for (const node of down.sort((a, b) => a.name.localeCompare(b.name)))
      for (const hook of hooks)
        await enqueue(tx, hook, {
          type: "node.down",
          projectId: hook.projectId,
          at: now,
          node: node.name,
          lastHeartbeatAt: node.lastHeartbeatAt,
          streams: node.streams,
        });
    return down;
  });
}

/** Looks for nodes that went down every `everyMs`; run by the background role's holder. */
export class NodeDownWatch {
  private handle: ReturnType<typeof setInterval> | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly o: { db: Db; now: () => number; everyMs: number; log?: (line: string) => void },
  ) {}

  /** One look (never two at once); never rejects. */
  check(): Promise<unknown> {
    this.running ??= reportDownNodes(this.o.db, this.o.now())
      .then((down) => {
        for (const n of down)
          this.o.log?.(
            `[nodes] node ${n.name} is down: no heartbeat since ${new Date(n.lastHeartbeatAt).toISOString()}`,
          );
      })
      .catch((err) => this.o.log?.(`[nodes] down nodes not checked: ${(err as Error).message}`))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  start(): void {
    if (this.handle) return;
    this.handle = setInterval(() => void this.check(), this.o.everyMs);
    this.handle.unref?.();
  }

  async stop(): Promise<void> {
    if (this.handle) clearInterval(this.handle);
    this.handle = null;
    await this.running;
  }
}
