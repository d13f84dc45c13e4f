// Resumable upload benchmark: a 1 GB file over loopback to a real server process, sent with the tus
// protocol in the console's chunk size, next to today's multipart upload of the same file in the same
// run (rounds alternate, so both see the same moment of a shared, noisy machine). Then one more tus
// upload through a proxy that drops the connection at 50 %, resumed as the browser does it (ask the
// offset, go on), counting the file bytes that went over the wire twice.
// Budgets: tus throughput at least 0.7 × multipart; server RSS growth during tus at most 64 MB; bytes
// sent twice after the cut at most one chunk.
// Run: bun test/bench/resumable-upload.ts [sizeMB] [rounds] [chunkMB]
//   (default 1024 MB, 2 rounds, the console's chunk; medians reported; another chunk size to compare)
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RESUMABLE_CHUNK_BYTES } from "@shared/limits";
import { cuttingProxy } from "../support/cutting-proxy";
import { paddedMp4, steamReadyMp4 } from "../support/media";
import { rssKb } from "./bench-setup";

const ROOT = join(import.meta.dir, "..", "..");
const MB = 1024 * 1024;
const sizeMb = Number(process.argv[2] ?? 1024);
const rounds = Number(process.argv[3] ?? 2);
const size = sizeMb * MB;
const chunk = process.argv[4] ? Number(process.argv[4]) * MB : RESUMABLE_CHUNK_BYTES;
const RATIO_BUDGET = 0.7;
const RSS_BUDGET_MB = 64;
const ADMIN = { email: "bench@example.com", password: "bench-password-1" };

const work = mkdtempSync(join(tmpdir(), "console-bench-tus-"));
const dataDir = join(work, "data");
const source = join(work, "big.mp4");
const running: { server?: ReturnType<typeof Bun.spawn> } = {};

/** Writes back dirty pages, so one measurement does not pay for the previous one's writeback. */
const settle = () => Bun.spawnSync(["sync"]);

async function freePort() {
  const s = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = s.port!;
  s.stop(true);
  return port;
}

interface Session {
  url: string;
  cookie: string;
  projectId: number;
}

async function startServer(): Promise<Session> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  running.server = Bun.spawn(["bun", "server/main.ts"], {
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
  const project = db
    .query("INSERT INTO projects (name, org_id) VALUES ('Bench', last_insert_rowid()) RETURNING id")
    .get() as { id: number };
  db.close();
  return { url, cookie, projectId: project.id };
}

/** Today's path: one multipart request, streamed from disk by curl. */
async function multipart(s: Session, file: string): Promise<{ seconds: number; id: number }> {
  settle();
  const started = performance.now();
  const curl = Bun.spawn(
    [
      "curl",
      "-sS",
      "-H",
      "Expect:",
      "-H",
      `cookie: ${s.cookie}`,
      "-F",
      `projectId=${s.projectId}`,
      "-F",
      `media=@${file};type=video/mp4`,
      "-w",
      "\n%{http_code}",
      `${s.url}/api/media/upload`,
    ],
    { stdout: "pipe", stderr: "inherit" },
  );
  const output = await new Response(curl.stdout).text();
  await curl.exited;
  const seconds = (performance.now() - started) / 1000;
  const status = Number(output.slice(output.lastIndexOf("\n") + 1));
  const answer = output.slice(0, output.lastIndexOf("\n"));
  if (status !== 201) throw new Error(`multipart upload failed: ${status} ${answer}`);
  return { seconds, id: (JSON.parse(answer) as { id: number }).id };
}

const b64 = (v: string) => Buffer.from(v).toString("base64");

/**
 * A minimal tus client as the browser's: create, then PATCH one chunk at a time, each body read from
 * disk; when a request dies on the way, ask the server where the upload stands and go on from there.
 */
async function tus(
  s: Session,
  file: string,
  base = s.url,
): Promise<{ seconds: number; id: number; fileSize: number; resumes: number }> {
  settle();
  const total = Bun.file(file).size;
  const headers = { cookie: s.cookie, "Tus-Resumable": "1.0.0" };
  const started = performance.now();
  const created = await fetch(`${base}/api/uploads`, {
    method: "POST",
    headers: {
      ...headers,
      "Upload-Length": String(total),
      "Upload-Metadata": `projectId ${b64(String(s.projectId))},filename ${b64("big.mp4")},filetype ${b64("video/mp4")}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus create failed: ${created.status} ${await created.text()}`);
  const location = new URL(created.headers.get("location")!, base).href;
  let offset = 0;
  let resumes = 0;
  let last: Response | null = null;
  while (offset < total) {
    const end = Math.min(total, offset + chunk);
    try {
      last = await fetch(location, {
        method: "PATCH",
        headers: {
          ...headers,
          "Upload-Offset": String(offset),
          "Content-Type": "application/offset+octet-stream",
        },
        body: Bun.file(file).slice(offset, end),
      });
    } catch {
      resumes++;
      const head = await fetch(location, { method: "HEAD", headers });
      if (head.status !== 200) throw new Error(`tus offset check failed: ${head.status}`);
      offset = Number(head.headers.get("upload-offset"));
      continue;
    }
    if (last.status >= 300) throw new Error(`tus PATCH failed: ${last.status} ${await last.text()}`);
    offset = Number(last.headers.get("upload-offset") ?? end);
  }
  const seconds = (performance.now() - started) / 1000;
  const item = (await last!.json()) as { id: number; file_size: number };
  return { seconds, id: item.id, fileSize: item.file_size, resumes };
}

async function remove(s: Session, id: number) {
  const del = await fetch(`${s.url}/api/media/${id}`, { method: "DELETE", headers: { cookie: s.cookie } });
  if (del.status !== 200) throw new Error(`delete failed: ${del.status}`);
  settle();
}

async function main() {
  await paddedMp4(source, size);
  settle();
  const s = await startServer();
  const pid = running.server!.pid;

  // Warm both routes once with a tiny file, so idle means "has served an upload of each kind".
  const warm = await steamReadyMp4();
  await remove(s, (await multipart(s, warm)).id);
  await remove(s, (await tus(s, warm)).id);
  Bun.gc(true);
  await Bun.sleep(1000);
  const idle = rssKb(pid);

  // Memory first, on a server that has not yet seen a big multipart upload: the figure is tus's own.
  let peak = idle;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, rssKb(pid));
      await Bun.sleep(25);
    }
  })();
  const first = await tus(s, source);
  sampling = false;
  await sampler;
  if (first.fileSize !== size) throw new Error("stored size differs from the source");
  await remove(s, first.id);

  const multiparts: number[] = [];
  const tuses: number[] = [sizeMb / first.seconds];
  for (let round = 0; round < rounds; round++) {
    const m = await multipart(s, source);
    multiparts.push(sizeMb / m.seconds);
    await remove(s, m.id);
    if (round === 0) continue; // the memory run above was this round's tus upload
    const t = await tus(s, source);
    if (t.fileSize !== size) throw new Error("stored size differs from the source");
    tuses.push(sizeMb / t.seconds);
    await remove(s, t.id);
  }

  // The cut: the proxy drops every connection once half the file has gone through.
  const proxy = await cuttingProxy(Number(new URL(s.url).port), size / 2);
  const cut = await tus(s, source, proxy.url);
  const resent = proxy.patchBytes() - size;
  await proxy.stop();
  if (cut.fileSize !== size) throw new Error("stored size after the cut differs from the source");
  await remove(s, cut.id);

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const tusMbs = median(tuses);
  const multipartMbs = median(multiparts);
  const ratio = tusMbs / multipartMbs;
  const growthMb = (peak - idle) / 1024;
  const line = (k: string, v: string) => console.log(`${k.padEnd(34)} ${v}`);
  const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(", ");
  line("file", `${sizeMb} MB, ${rounds} rounds, chunk ${chunk / MB} MB`);
  line("multipart throughput (median)", `${multipartMbs.toFixed(1)} MB/s (rounds: ${list(multiparts)})`);
  line("tus throughput (median)", `${tusMbs.toFixed(1)} MB/s (rounds: ${list(tuses)})`);
  line("tus / multipart", `${ratio.toFixed(2)}× (budget >= ${RATIO_BUDGET}×)`);
  line("server idle RSS", `${(idle / 1024).toFixed(1)} MB`);
  line("server peak RSS, first tus upload", `${(peak / 1024).toFixed(1)} MB`);
  line("peak growth", `${growthMb.toFixed(1)} MB (budget <= ${RSS_BUDGET_MB} MB)`);
  line("cut at", `${((proxy.cutAtBytes() ?? 0) / MB).toFixed(1)} MB; resumed ${cut.resumes}×`);
  line("upload with the cut", `${cut.seconds.toFixed(1)} s (${(sizeMb / cut.seconds).toFixed(0)} MB/s)`);
  line("bytes sent twice", `${(resent / MB).toFixed(2)} MB (budget <= ${chunk / MB} MB)`);
  const ok = {
    ratio: ratio >= RATIO_BUDGET,
    rss: growthMb <= RSS_BUDGET_MB,
    resent: resent <= chunk && cut.resumes >= 1,
  };
  line("throughput budget", ok.ratio ? "PASS" : "FAIL");
  line("memory budget", ok.rss ? "PASS" : "FAIL");
  line("resume budget", ok.resent ? "PASS" : "FAIL");
  if (!ok.ratio || !ok.rss || !ok.resent) process.exitCode = 1;
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
