// Upload benchmark: a 1 GB file over loopback to a real server process.
// Prints the upload throughput next to `cp` of the same file on the same disk, and the server's
// resident memory idle and at its peak during the upload, sampled from /proc/PID/status.
// Budget: peak RSS grows by at most 64 MB over idle; throughput at least half of cp's.
// Run: bun test/bench/upload.ts [sizeMB] [rounds]   (default 1024 MB, 3 rounds; medians reported)
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { paddedMp4, steamReadyMp4 } from "../support/media";
import { rssKb } from "./bench-setup";

const ROOT = join(import.meta.dir, "..", "..");
const MB = 1024 * 1024;
const sizeMb = Number(process.argv[2] ?? 1024);
const rounds = Number(process.argv[3] ?? 3);
const RSS_BUDGET_MB = 64;
const ADMIN = { email: "bench@example.com", password: "bench-password-1" };

const work = mkdtempSync(join(tmpdir(), "console-bench-"));
const dataDir = join(work, "data");
const source = join(work, "big.mp4");
const running: { server?: ReturnType<typeof Bun.spawn> } = {};

/** Writes back dirty pages, so one measurement does not pay for the previous one's writeback. */
function settle() {
  Bun.spawnSync(["sync"]);
}

async function freePort() {
  const s = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = s.port!;
  s.stop(true);
  return port;
}

async function cpThroughput(): Promise<number> {
  const target = join(dataDir, "cp-copy.bin");
  const started = performance.now();
  const proc = Bun.spawn(["cp", source, target]);
  if ((await proc.exited) !== 0) throw new Error("cp failed");
  const seconds = (performance.now() - started) / 1000;
  rmSync(target, { force: true });
  settle();
  return sizeMb / seconds;
}

async function main() {
  await paddedMp4(source, sizeMb * MB);
  settle();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = Bun.spawn(["bun", "server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      MAX_UPLOAD_BYTES: String(2 * 1024 * MB),
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  running.server = server;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (i > 200) throw new Error("server did not start");
    await Bun.sleep(100);
  }
  const login = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
  const db = new Database(join(dataDir, "console.db"));
  db.run("INSERT INTO organizations (name, slug) VALUES ('Bench', 'bench')");
  const projectId = db
    .query("INSERT INTO projects (name, org_id) VALUES ('Bench', last_insert_rowid()) RETURNING id")
    .get() as {
    id: number;
  };
  db.close();
  // Warm the routes once with a tiny upload, so idle means "has served an upload".
  const warm = new FormData();
  warm.append("projectId", String(projectId.id));
  warm.append("media", new Blob([readFileSync(await steamReadyMp4())]), "warm.mp4");
  const warmed = await fetch(`${url}/api/media/upload`, { method: "POST", body: warm, headers: { cookie } });
  if (warmed.status !== 201)
    throw new Error(`warm-up upload failed: ${warmed.status} ${await warmed.text()}`);
  Bun.gc(true);
  await Bun.sleep(1000);
  const pid = server.pid;
  const idle = rssKb(pid);

  let peak = idle;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, rssKb(pid));
      await Bun.sleep(25);
    }
  })();

  // Rounds alternate cp and upload, so both see the same moment of a shared, noisy machine.
  const cps: number[] = [];
  const uploads: number[] = [];
  const timings: string[] = [];
  for (let round = 0; round < rounds; round++) {
    cps.push(await cpThroughput());
    const { seconds, timing, id } = await uploadOnce(url, cookie, projectId.id);
    uploads.push(sizeMb / seconds);
    timings.push(timing);
    // Delete through the API, so the disk holds one copy at a time (and delete is exercised).
    const del = await fetch(`${url}/api/media/${id}`, { method: "DELETE", headers: { cookie } });
    if (del.status !== 200) throw new Error(`delete failed: ${del.status}`);
    settle();
  }
  sampling = false;
  await sampler;

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const mbs = median(uploads);
  const cpMbs = median(cps);
  const growthMb = (peak - idle) / 1024;
  const line = (k: string, v: string) => console.log(`${k.padEnd(30)} ${v}`);
  const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(", ");
  line("file", `${sizeMb} MB, ${rounds} rounds`);
  line("upload throughput (median)", `${mbs.toFixed(1)} MB/s (rounds: ${list(uploads)})`);
  line("cp throughput (median)", `${cpMbs.toFixed(1)} MB/s (rounds: ${list(cps)})`);
  line("server timing per round", timings.join(" | "));
  line("server idle RSS", `${(idle / 1024).toFixed(1)} MB`);
  line("server peak RSS", `${(peak / 1024).toFixed(1)} MB`);
  line("peak growth", `${growthMb.toFixed(1)} MB`);
  const rssOk = growthMb <= RSS_BUDGET_MB;
  const speedOk = mbs >= cpMbs / 2;
  line("memory budget (<= 64 MB)", rssOk ? "PASS" : "FAIL");
  line("throughput budget (>= cp/2)", speedOk ? "PASS" : "FAIL");
  if (!rssOk || !speedOk) process.exitCode = 1;
}

/** One upload of the source with curl: it streams the file from disk in C, so the figure is the server's. */
async function uploadOnce(url: string, cookie: string, projectId: number) {
  settle();
  const headers = join(work, "headers.txt");
  const started = performance.now();
  const curl = Bun.spawn(
    [
      "curl",
      "-sS",
      "-H",
      "Expect:",
      "-H",
      `cookie: ${cookie}`,
      "-F",
      `projectId=${projectId}`,
      "-F",
      `media=@${source};type=video/mp4`,
      "-D",
      headers,
      "-w",
      "\n%{http_code}",
      `${url}/api/media/upload`,
    ],
    { stdout: "pipe", stderr: "inherit" },
  );
  const output = await new Response(curl.stdout).text();
  await curl.exited;
  const seconds = (performance.now() - started) / 1000;
  const status = Number(output.slice(output.lastIndexOf("\n") + 1));
  const answer = output.slice(0, output.lastIndexOf("\n"));
  if (status !== 201) throw new Error(`upload failed: ${status} ${answer}`);
  const stored = JSON.parse(answer) as { id: number; file_size: number };
  if (stored.file_size !== statSync(source).size) throw new Error("stored size differs from the source");
  const timing = /server-timing: (.*)/i.exec(readFileSync(headers, "utf8"))?.[1]?.trim() ?? "?";
  return { seconds, timing, id: stored.id };
}

try {
  await main();
} finally {
  if (running.server) {
    running.server.kill("SIGTERM");
    await running.server.exited;
  }
  rmSync(work, { recursive: true, force: true });
}
