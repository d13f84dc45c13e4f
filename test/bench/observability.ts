// Observability benchmark: requests per second on GET /api/streams/status (signed in, a project with
// a few streams) against a real server process, with metrics and per-request JSON logs on, and with
// both off (METRICS_ENABLED=off, LOG_LEVEL=silent). Runs alternate (off, on, off, on…) on the same data
// so drift on a shared machine hits both alike; medians are reported.
// Budget: with both on, at most 10 % fewer requests per second.
// Run: bun test/bench/observability.ts [seconds per run] [rounds]   (default 4 s, 3 rounds)
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDeps } from "@server/deps";
import { seedIfEmpty } from "@server/features/users/seed";
import { projects, streams } from "@server/platform/db/schema";
import { loadEnv } from "@server/platform/env";
import type { Subprocess } from "bun";

const ROOT = join(import.meta.dir, "..", "..");
const SECONDS = Number(process.argv[2] ?? 4);
const ROUNDS = Number(process.argv[3] ?? 3);
const CONCURRENCY = 16;
const BUDGET_DROP_PCT = 10;
const ADMIN = { email: "bench@example.com", password: "bench-password-1" };
const work = mkdtempSync(join(tmpdir(), "console-bench-obs-"));
const dataDir = join(work, "data");
let current: Subprocess | undefined;

const MODES = {
  off: { METRICS_ENABLED: "off", LOG_LEVEL: "silent" },
  on: { METRICS_ENABLED: "on", LOG_LEVEL: "info", LOG_FORMAT: "json" },
} as const;

async function seed(): Promise<number> {
  const deps = createDeps(loadEnv({ DATA_DIR: dataDir }));
  await seedIfEmpty(deps.db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
  const project = (await deps.db.insert(projects).values({ name: "Bench", orgId: 1 }).returning())[0]!;
  for (let i = 0; i < 5; i++) {
    await deps.db.insert(streams).values({
      projectId: project.id,
      mediaName: `clip-${i}.mp4`,
      destinationName: `Destination ${i}`,
      destinationType: i % 2 ? "custom" : "steam",
      status: i === 0 ? "error" : "stopped",
      stoppedAt: Date.now(),
    });
  }
  await deps.closeDb();
  return project.id;
}

function freePort(): number {
  const s = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = s.port!;
  s.stop(true);
  return port;
}

async function startServer(mode: keyof typeof MODES, logFile: string) {
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  current = Bun.spawn(["bun", "server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ...MODES[mode],
    },
    // The log goes where a service's goes: a file (journald, a container runtime), not a terminal.
    stdout: Bun.file(logFile),
    stderr: "inherit",
  });
  const deadline = Date.now() + 20_000;
  while (
    !(await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false))
  ) {
    if (Date.now() > deadline) throw new Error("the server did not start");
    await Bun.sleep(50);
  }
  const login = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  return { url, cookie: (login.headers.get("set-cookie") ?? "").split(";")[0]! };
}

async function stopServer() {
  current?.kill("SIGTERM");
  await current?.exited;
  current = undefined;
}

/** Requests per second over `seconds`, CONCURRENCY callers in a loop. */
async function load(url: string, cookie: string, projectId: number, seconds: number): Promise<number> {
  const target = `${url}/api/streams/status?projectId=${projectId}`;
  const end = performance.now() + seconds * 1000;
  let done = 0;
  const caller = async () => {
    while (performance.now() < end) {
      const res = await fetch(target, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`status answered ${res.status}`);
      await res.arrayBuffer();
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, caller));
  return done / ((performance.now() - started) / 1000);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const projectId = await seed();
  const figures: Record<keyof typeof MODES, number[]> = { off: [], on: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of ["off", "on"] as const) {
      const logFile = join(work, `${mode}-${round}.log`);
      const { url, cookie } = await startServer(mode, logFile);
      await load(url, cookie, projectId, 1); // warm-up: JIT, caches, the first SQLite pages
      const rps = await load(url, cookie, projectId, SECONDS);
      await stopServer();
      figures[mode].push(rps);
      const logKb = Math.round(statSync(logFile).size / 1024);
      console.log(`round ${round + 1} ${mode.padEnd(3)}: ${rps.toFixed(0)} req/s (log ${logKb} KB)`);
    }
  }
  const off = median(figures.off);
  const on = median(figures.on);
  const drop = ((off - on) / off) * 100;
  console.log(
    `\nGET /api/streams/status, ${CONCURRENCY} concurrent callers, medians of ${ROUNDS} × ${SECONDS} s`,
  );
  console.log(`metrics and logs off: ${off.toFixed(0)} req/s`);
  console.log(`metrics and logs on:  ${on.toFixed(0)} req/s`);
  console.log(
    `drop: ${drop.toFixed(1)} % (budget: at most ${BUDGET_DROP_PCT} %) ${drop <= BUDGET_DROP_PCT ? "OK" : "OVER BUDGET"}`,
  );
}

try {
  await main();
} finally {
  await stopServer();
  rmSync(work, { recursive: true, force: true });
}
