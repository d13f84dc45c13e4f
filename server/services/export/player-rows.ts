import { sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { addDays } from "../../steam/dates";
import type { ExportColumn } from "./format";
import type { ExportRange } from "./kinds";

// The players kind: one row per UTC day that has samples (peak, mean, sample count), grouped by
// SQLite a month at a time so three years of 5-minute samples are never loaded together.

const DAYS_PER_QUERY = 31;

export interface PlayerExportRow {
  date: string;
  peak: number;
  average: number;
  samples: number;
}

export async function* playerExportRows(deps: AppDeps, range: ExportRange): AsyncGenerator<PlayerExportRow> {
  for (let start = range.from; start <= range.to; start = addDays(start, DAYS_PER_QUERY)) {
    const endDay = addDays(start, DAYS_PER_QUERY - 1);
    const last = [endDay, range.to].sort()[0]!;
    const from = Date.parse(`${start}T00:00:00Z`);
    const to = Date.parse(`${addDays(last, 1)}T00:00:00Z`);
    const rows = deps.db.all<{ date: string; peak: number; average: number; samples: number }>(sql`
      SELECT strftime('%Y-%m-%d', sampled_at / 1000, 'unixepoch') AS date,
             max(player_count) AS peak,
             round(avg(player_count)) AS average,
             count(*) AS samples
      FROM steam_player_samples
      WHERE app_id = ${range.appId} AND sampled_at >= ${from} AND sampled_at < ${to}
      GROUP BY date ORDER BY date`);
    for (const r of rows) yield { ...r, average: Number(r.average) };
  }
}

export const PLAYER_COLUMNS: ExportColumn<PlayerExportRow>[] = [
  { name: "date", value: (r) => r.date },
  { name: "peak_players", value: (r) => r.peak },
  { name: "average_players", value: (r) => r.average },
  { name: "samples", value: (r) => r.samples },
];
