// Export bench: a year of sales line items (365 days × ROWS_PER_DAY rows) written into a real SQLite
// file through the same tables the sync fills, then exported as CSV by a real server process. While
// each export downloads, the server's RSS is polled every 5 ms; the peak growth over the RSS before it
// is printed for one month and for the whole year. The export reads a page at a time and writes as
// the client reads, so the growth should not follow the row count.
// Budget: peak growth ≤ 40 MB for the year, and the year within 16 MB of the month (the CSV alone
// is 15 MB at the default size; built in memory it and its row objects would be several times that).
// It prints the figures; it asserts nothing.
// Run: bun test/bench/export-memory.ts   (env: ROWS_PER_DAY=400)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDeps } from "@server/deps";
import { addDays } from "@server/features/analytics/steam/dates";
import { organizations, projects, steamAppCache, steamSales } from "@server/platform/db/schema";
import { loadEnv } from "@server/platform/env";
import { startServerProcess } from "../server/streaming/streaming-server-process";
import { stopServer } from "../support/server-process";
import { rssKb } from "./bench-setup";

const ROWS_PER_DAY = Number(process.env.ROWS_PER_DAY ?? 400);
const APP = 2456740;
const FIRST = "2025-11-01";
const COUNTRIES = ["US", "DE", "GB", "FR", "JP", "BR", "CA", "PL", "KR", "AU"];
const work = mkdtempSync(join(tmpdir(), "console-bench-export-"));

const mb = (kb: number) => (kb / 1024).toFixed(1);

async function seed(dataDir: string): Promise<number> {
  const deps = createDeps(loadEnv({ DATA_DIR: dataDir }));
  const org = (await deps.db.insert(organizations).values({ name: "Bench", slug: "bench" }).returning())[0]!;
  const project = (
    await deps.db
      .insert(projects)
      .values({ name: 'Bench, "Export"', orgId: org.id, steamAppId: APP, financialAnalyticsEnabled: true })
      .returning()
  )[0]!;
  await deps.db.insert(steamAppCache).values({ appId: APP, name: 'Starfall, "Deluxe"' });
  await deps.db.transaction(async (tx) => {
    for (let d = 0; d < 365; d++) {
      const date = addDays(FIRST, d);
      for (let i = 0; i < ROWS_PER_DAY; i++) {
        const units = 1 + (i % 7);
        await tx.insert(steamSales).values({
          date,
          primaryAppId: APP,
          appId: APP,
          packageId: 1000 + (i % 12),
          lineItemType: "Package",
          platform: i % 3 === 0 ? "Mac" : "Windows",
          countryCode: COUNTRIES[i % COUNTRIES.length],
          currency: "USD",
          grossUnitsSold: units,
          netUnitsSold: units,
          grossSalesCents: units * 1999,
          netSalesCents: units * 1999,
        });
      }
    }
  });
  await deps.closeDb();
  return project.id;
}

async function measure(api: (p: string) => Promise<Response>, pid: number, path: string) {
  const before = rssKb(pid);
  let peak = before;
  const poll = setInterval(() => {
    peak = Math.max(peak, rssKb(pid));
  }, 5);
  const started = performance.now();
  const res = await api(path);
  if (!res.ok || !res.body) throw new Error(`export failed: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let firstByteMs = 0;
  for await (const chunk of res.body) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += chunk.byteLength;
  }
  clearInterval(poll);
  peak = Math.max(peak, rssKb(pid));
  return { before, peak, bytes, firstByteMs, totalMs: performance.now() - started };
}

async function main() {
  const dataDir = join(work, "data");
  const t0 = performance.now();
  const projectId = await seed(dataDir);
  console.log(`seeded ${365 * ROWS_PER_DAY} line items in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const url = (from: string, to: string) =>
    `/analytics/export/${projectId}?kind=sales&format=csv&from=${from}&to=${to}`;
  const runs = [
    { label: "1 month", path: url(FIRST, addDays(FIRST, 29)), rows: 30 * ROWS_PER_DAY },
    { label: "1 year", path: url(FIRST, addDays(FIRST, 364)), rows: 365 * ROWS_PER_DAY },
  ];
  const growth: number[] = [];
  // Each range on a fresh server process, so the second does not inherit the first's heap.
  for (const r of runs) {
    const server = await startServerProcess(dataDir);
    try {
      const api = await server.api();
      await measure(api, server.proc.pid, url(FIRST, FIRST)); // warm-up: code paths loaded once
      const m = await measure(api, server.proc.pid, r.path);
      growth.push(m.peak - m.before);
      console.log(
        `${r.label.padEnd(8)} ${String(r.rows).padStart(7)} rows ${(m.bytes / 1048576).toFixed(1).padStart(6)} MB CSV ` +
          `first byte ${m.firstByteMs.toFixed(0)} ms, whole ${(m.totalMs / 1000).toFixed(2)} s; ` +
          `server RSS ${mb(m.before)} → peak ${mb(m.peak)} MB (growth ${mb(m.peak - m.before)} MB)`,
      );
    } finally {
      await stopServer(server.proc);
    }
  }
  console.log(
    `peak growth: month ${mb(growth[0]!)} MB, year ${mb(growth[1]!)} MB (${(runs[1]!.rows / runs[0]!.rows).toFixed(1)}× the rows)   ` +
      "(budget: year ≤ 40 MB and within 16 MB of the month)",
  );
}

try {
  await main();
} finally {
  rmSync(work, { recursive: true, force: true });
}
