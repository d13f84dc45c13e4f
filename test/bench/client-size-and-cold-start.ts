import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Prints the production client's initial JavaScript (what index.html loads before anything is
// clicked: its scripts and their static imports, not the lazily loaded screens), raw and gzip,
// against the 220 KB gzip budget; then the server's cold start time, from spawn to the first
// answer of /api/health, on a fresh data directory (migrations + seed) and on an existing one.
// Usage: bun test/bench/client-size-and-cold-start.ts [runs]

const ROOT = join(import.meta.dir, "..", "..");
const DIST = join(ROOT, "client", "dist");
const BUDGET_GZIP = 220 * 1024;
const runs = Math.max(1, Number(process.argv[2] ?? 5) || 5);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function buildClient() {
  const proc = Bun.spawn(["bun", "run", "client/build.ts"], {
    cwd: ROOT,
    stdout: "ignore",
    stderr: "inherit",
  });
  if ((await proc.exited) !== 0) throw new Error("client build failed");
}

/** Scripts index.html loads up front, then everything they import statically (not import()). */
function initialScripts(): string[] {
  const html = readFileSync(join(DIST, "index.html"), "utf8");
  const queue = [
    ...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]!);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const src = queue.shift()!;
    if (seen.has(src)) continue;
    seen.add(src);
    const code = readFileSync(join(DIST, src), "utf8");
    // Static forms only: `import{a}from"/assets/x.js"`, `export*from"…"`, `import"/assets/x.js"`.
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)"(\/assets\/[^"]+\.js)"/g)) queue.push(m[1]!);
  }
  return [...seen];
}

function reportSize() {
  const files = initialScripts();
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const bytes = readFileSync(join(DIST, f));
    const zipped = Bun.gzipSync(bytes).length;
    raw += bytes.length;
    gzip += zipped;
    console.log(`  ${f}  ${kb(bytes.length)} raw, ${kb(zipped)} gzip`);
  }
  const verdict = gzip <= BUDGET_GZIP ? "within" : "OVER";
  console.log(
    `initial JS: ${files.length} file(s), ${raw} B raw (${kb(raw)}), ${gzip} B gzip (${kb(gzip)}) — ${verdict} the ${kb(BUDGET_GZIP)} gzip budget`,
  );
}

async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = s.port!;
  s.stop(true);
  return port;
}

/** Milliseconds from spawning `bun server/main.ts` to a 200 from /api/health. */
async function startOnce(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const proc = Bun.spawn(["bun", "server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: "bench@example.com",
      ADMIN_PASSWORD: "bench-password-1",
    },
    stdout: "ignore",
    stderr: "pipe",
  });
  try {
    const deadline = started + 30_000;
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return performance.now() - started;
      } catch {}
      if (proc.exitCode !== null || performance.now() > deadline) {
        throw new Error(`server did not start: ${await new Response(proc.stderr).text()}`);
      }
      await Bun.sleep(5);
    }
  } finally {
    proc.kill("SIGTERM");
    await proc.exited;
  }
}

function summary(label: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `${label}: median ${median.toFixed(0)} ms, min ${sorted[0]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (${times.length} runs)`,
  );
}

async function reportColdStart() {
  const fresh: number[] = [];
  const existing: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), "console-bench-"));
    try {
      fresh.push(await startOnce(dir));
      existing.push(await startOnce(dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  summary("cold start, fresh data dir (migrate + seed)", fresh);
  summary("cold start, existing data dir", existing);
}

await buildClient();
reportSize();
await reportColdStart();
