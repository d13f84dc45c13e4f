import type { AppDeps } from "@server/deps";
import { projects, streams } from "@server/platform/db/schema";
import { PREFIX } from "@server/platform/metrics/registry";
import { LIVE_STATUSES, STREAM_STATUSES } from "@shared/schemas/streaming";
import { count, eq, inArray } from "drizzle-orm";
import { Gauge, Registry } from "prom-client";

// The streams' state, read at each scrape: counts by status from the database, and the live figures
// the supervisor holds. Labels are names the studio gave (project, destination) and the destination
// type, never a URL or a stream key.

const STREAM_LABELS = ["project", "destination", "type"] as const;

type FigureName = "bitrate_kbps" | "fps" | "speed";

const FIGURES: { figure: FigureName; name: string; help: string }[] = [
  { figure: "bitrate_kbps", name: "stream_bitrate_kbps", help: "Output bitrate of a live stream (kbit/s)." },
  { figure: "fps", name: "stream_fps", help: "Frames per second a live stream sends." },
  { figure: "speed", name: "stream_speed", help: "Encoding speed of a live stream (1 = real time)." },
];

/** A registry of this console's stream gauges; built once per app. */
export function streamRegistry(deps: AppDeps): Registry {
  const registry = new Registry();
  new Gauge({
    name: `${PREFIX}streams`,
    help: "Stream records by status.",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      const rows = await countByStatus(deps);
      this.reset();
      for (const status of STREAM_STATUSES) this.set({ status }, 0);
      for (const row of rows) this.set({ status: row.status }, row.count);
    },
  });
  // The live streams are read once per scrape, by the first figure's gauge: a registry starts its
  // gauges' collects in the order they were registered (then awaits them together), so the others
  // await this scrape's read.
  let live: ReturnType<typeof liveStreams> = Promise.resolve([]);
  FIGURES.forEach(({ figure, name, help }, index) => {
    new Gauge({
      name: `${PREFIX}${name}`,
      help,
      labelNames: STREAM_LABELS,
      registers: [registry],
      async collect() {
        if (index === 0) live = liveStreams(deps);
        const rows = await live;
        this.reset();
        for (const row of rows) {
          const figures = deps.supervisor.live(row.id);
          if (!figures) continue;
          this.set({ project: row.project, destination: row.destination, type: row.type }, figures[figure]);
        }
      },
    });
  });
  return registry;
}

function countByStatus(deps: AppDeps) {
  return deps.db.select({ status: streams.status, count: count() }).from(streams).groupBy(streams.status);
}

async function liveStreams(deps: AppDeps) {
  return await deps.db
    .select({
      id: streams.id,
      project: projects.name,
      destination: streams.destinationName,
      type: streams.destinationType,
    })
    .from(streams)
    .innerJoin(projects, eq(projects.id, streams.projectId))
    .where(inArray(streams.status, [...LIVE_STATUSES]));
}
