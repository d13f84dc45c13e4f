// Chaos soak: STREAMS streams from a console started as `npm start` starts it, to a real nginx-rtmp,
// for MINUTES minutes, with one random fault every FAULT_EVERY_S seconds:
//  - ffmpeg-kill:  `kill -9` of one stream's ffmpeg (the supervisor restarts it after its backoff);
//  - ffmpeg-stop:  SIGSTOP of one stream's ffmpeg (the stall watch must kill and restart it);
//  - ingest:       nginx killed and started again at once on the same port (hits every stream);
//  - server:       `kill -9` of the server, and of the keeper and `npm start` above it, so nothing is
//                  left to restart it; the bench then starts `npm start` again on the same port and
//                  data directory, as a service manager would (hits every stream).
// The faults are drawn from a seeded generator: the seed is printed, and SEED repeats a run.
//
// Two views of each stream, both printed: the console's own uptime record
// (GET /api/destinations/{id}/uptime) and the ingest's. For the latter nginx's stat page is read
// every second; a second counts as up for a stream name when it has a publisher whose media
// timestamp moved since the second before (a frozen ffmpeg still holds its connection open, but
// sends nothing). A fault's window, for each stream it hits, runs from the fault to 3 s after that
// stream's next publish; "uptime outside fault windows" is the share of the other seconds, which
// is where the ≥ 99 % budget applies (ingest restarts and server kills hit every stream, so few
// destinations are left that no fault hit at all).
// Duplicate publishers are looked for three ways: two publishing clients on one name in the stat
// page, nginx's `already publishing` refusals in its error log, and two live ffmpeg with one key.
//
// It asserts nothing: it prints figures beside budgets, "budget missed" where one is missed, exits 0.
// Run: bun test/bench/chaos-soak.ts   (env: STREAMS=20, MINUTES=30, FAULT_EVERY_S=120, SEED)
// Quick: MINUTES=6 STREAMS=5 bun test/bench/chaos-soak.ts
import { mkdtempSync } from "node:fs";
import { loadavg } from "node:os";
import { startNginxRtmp } from "../fakes/nginx-rtmp";
import {
  type Api,
  addDestination,
  alive,
  argvOf,
  type Console,
  ffmpegsOf,
  ffmpegsWithKey,
  killService,
  projectWithVideo,
  rssMbOf,
  serverPidOf,
  startConsole,
  startStream,
  waitUntil,
} from "../faults/harness";

const STREAMS = Number(process.env.STREAMS ?? 20);
const MINUTES = Number(process.env.MINUTES ?? 30);
const FAULT_EVERY_MS = Number(process.env.FAULT_EVERY_S ?? 120) * 1000;
const SEED = Number(process.env.SEED ?? Math.floor(Math.random() * 2 ** 31));
/** The console's port: apart from the ports other benches and tests pick, and fixed across restarts. */
const CONSOLE_PORT = 4730;
/** After a stream's publish, the seconds its first frames need to show as moving at the stat page. */
const SETTLE_MS = 3000;
const UPTIME_BUDGET = 99;

const FAULTS = ["ffmpeg-kill", "ffmpeg-stop", "ingest", "server"] as const;
type FaultKind = (typeof FAULTS)[number];

interface Fault {
  n: number;
  kind: FaultKind;
  at: number;
  /** The stream keys it hit. */
  hit: string[];
  detail: string;
  /** Per hit key: when the ingest saw it publish again (absent: not back before the next fault). */
  back: Map<string, number>;
}

/** mulberry32: a small, good enough generator whose whole state is the seed. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const pct = (x: number) => `${x.toFixed(2)} %`;
const clock = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
};
const row = (what: string, figure: string, budget: string, ok = true) =>
  console.log(`${what.padEnd(52)} ${figure.padStart(16)}   budget ${budget}${ok ? "" : "   budget missed"}`);

async function main() {
  const random = seeded(SEED);
  const durationMs = MINUTES * 60_000;
  console.log(
    `chaos soak: ${STREAMS} streams, ${MINUTES} min, a fault every ${FAULT_EVERY_MS / 1000} s, seed ${SEED} (SEED=${SEED} repeats it)`,
  );
  const ingest = await startNginxRtmp();
  const dataDir = mkdtempSync("/tmp/chaos-");
  let service: Console = await startConsole({ dataDir, port: CONSOLE_PORT });
  const stopped = new Set<number>();
  let sampling = true;
  try {
    let api: Api = await service.api();
    const { projectId, mediaId } = await projectWithVideo(api, "Chaos soak");
    // Two digits and a suffix, so no key is part of another (ffmpeg is found by its key in argv).
    const keys = Array.from({ length: STREAMS }, (_, i) => `stream-${String(i + 1).padStart(2, "0")}`);
    const destinations = new Map<string, number>();
    for (const key of keys) {
      const id = await addDestination(api, projectId, { name: key, rtmpUrl: ingest.rtmpUrl, key });
      destinations.set(key, id);
      await startStream(api, id, mediaId);
    }
    await waitUntil(
      async () => {
        const flowing = await ingest.flowing();
        return keys.every((k) => flowing.has(k));
      },
      120_000,
      "every stream to publish",
      200,
    );
    const t0 = Date.now();
    const end = t0 + durationMs;
    console.log(
      `all ${STREAMS} streams publishing to nginx-rtmp on port ${ingest.port}; console on ${CONSOLE_PORT}`,
    );
    console.log(
      `load average at start: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}\n`,
    );

    // The ingest's view, once a second.
    const up = new Map(keys.map((k) => [k, [] as boolean[]]));
    const lastTs = new Map<string, number>();
    const dup = { statTwoPublishers: 0, twoFfmpegSamples: 0, worstTwoFfmpeg: "" };
    /** When each sample was taken, in ms since t0 (a slow stat page can push one late). */
    const sampledAt: number[] = [];
    const sampleOnce = async () => {
      const at = Date.now() - t0;
      let seen = new Map<string, number>();
      try {
        for (const s of await ingest.streams()) {
          if (s.publishers > 1) dup.statTwoPublishers++;
          if (s.publishers > 0) seen.set(s.name, s.timestamp);
        }
      } catch {
        seen = new Map(); // nginx down: nobody publishes
      }
      for (const key of keys) {
        const ts = seen.get(key);
        const prev = lastTs.get(key);
        // Moving media: a timestamp past 0 that changed (a new publisher restarts its timestamps).
        up.get(key)!.push(ts !== undefined && ts > 0 && ts !== prev);
        if (ts === undefined) lastTs.delete(key);
        else lastTs.set(key, ts);
      }
      const perKey = new Map<string, number>();
      for (const pid of ffmpegsOf(dataDir)) {
        const argv = argvOf(pid);
        const key = keys.find((k) => argv.some((a) => a.includes(k)));
        if (key) perKey.set(key, (perKey.get(key) ?? 0) + 1);
      }
      for (const [key, count] of perKey)
        if (count > 1) {
          dup.twoFfmpegSamples++;
          dup.worstTwoFfmpeg = `${key} at ${clock(at)}`;
        }
      sampledAt.push(at);
    };
    const sampler = (async () => {
      for (let next = t0; sampling; next += 1000) {
        await Bun.sleep(Math.max(0, next - Date.now()));
        if (sampling) await sampleOnce();
      }
    })();

    // Server RSS at the start and then once a minute (the pid changes after a server kill).
    const rss: { at: number; pid: number | null; mb: number | null; ffmpeg: number; load: number }[] = [];
    const rssOnce = () => {
      const pid = serverPidOf(dataDir);
      const entry = {
        at: Date.now() - t0,
        pid,
        mb: pid ? rssMbOf(pid) : null,
        ffmpeg: ffmpegsOf(dataDir).length,
        load: loadavg()[0]!,
      };
      rss.push(entry);
      console.log(
        `[${clock(entry.at)}] server pid ${entry.pid ?? "-"} RSS ${entry.mb?.toFixed(1) ?? "-"} MB, ${entry.ffmpeg} ffmpeg, load ${entry.load.toFixed(2)}`,
      );
    };
    rssOnce();
    // Half a minute off the faults' beat, so a sample does not fall in the moment of a server kill.
    let rssTimer: Timer | undefined;
    const rssStart = setTimeout(() => {
      rssOnce();
      rssTimer = setInterval(rssOnce, 60_000);
    }, 30_000);

    const publishedAfter = (key: string, since: number) =>
      ingest.events.find((e) => e.call === "publish" && e.name === key && e.at > since)?.at;

    // The faults.
    const faults: Fault[] = [];
    const orphansAfterServerKill: string[] = [];
    for (let n = 1; t0 + n * FAULT_EVERY_MS < end; n++) {
      await Bun.sleep(Math.max(0, t0 + n * FAULT_EVERY_MS - Date.now()));
      const kind = FAULTS[Math.floor(random() * FAULTS.length)]!;
      const pick = keys[Math.floor(random() * keys.length)]!;
      const fault: Fault = { n, kind, at: Date.now(), hit: [], detail: "", back: new Map() };
      if (kind === "ffmpeg-kill" || kind === "ffmpeg-stop") {
        // The drawn stream, or the next one with a live ffmpeg (one may still be restarting).
        const order = [...keys.slice(keys.indexOf(pick)), ...keys.slice(0, keys.indexOf(pick))];
        const victim = order.map((k) => ({ key: k, pid: ffmpegsWithKey(dataDir, k)[0] })).find((v) => v.pid);
        if (!victim?.pid) {
          fault.detail = "no live ffmpeg to hit";
        } else {
          fault.at = Date.now();
          process.kill(victim.pid, kind === "ffmpeg-kill" ? "SIGKILL" : "SIGSTOP");
          if (kind === "ffmpeg-stop") stopped.add(victim.pid);
          fault.hit = [victim.key];
          fault.detail = `${victim.key} (ffmpeg ${victim.pid})`;
        }
      } else if (kind === "ingest") {
        fault.at = Date.now();
        await ingest.down();
        await ingest.up();
        fault.hit = [...keys];
        fault.detail = `nginx down for ${Date.now() - fault.at} ms`;
      } else {
        const before = ffmpegsOf(dataDir);
        fault.at = Date.now();
        const killed = killService(service);
        // Started again at once, as `Restart=always` would; the port is free once the server is dead.
        service = await startConsole({ dataDir, port: CONSOLE_PORT });
        const serving = Date.now() - fault.at;
        api = await service.api();
        await waitUntil(() => Date.now() - fault.at >= 2000, 3000, "two seconds", 20);
        const left = before.filter(alive);
        orphansAfterServerKill.push(`${left.length} of ${before.length}`);
        fault.hit = [...keys];
        fault.detail = `killed ${killed.join(", ")}; npm start serving again after ${serving} ms; ${left.length} of ${before.length} old ffmpeg alive at 2 s`;
      }
      faults.push(fault);
      const deadline = Math.min(end, t0 + (n + 1) * FAULT_EVERY_MS) - 1000;
      await waitUntil(
        () => {
          for (const key of fault.hit) {
            const at = fault.back.has(key) ? undefined : publishedAfter(key, fault.at);
            if (at !== undefined) fault.back.set(key, at);
          }
          return fault.back.size === fault.hit.length || Date.now() > deadline;
        },
        FAULT_EVERY_MS + 60_000,
        "the hit streams",
        100,
      );
      const slowest = Math.max(0, ...[...fault.back.values()].map((b) => b - fault.at));
      const missing = fault.hit.filter((k) => !fault.back.has(k));
      console.log(
        `[${clock(fault.at - t0)}] fault ${n}: ${kind}, ${fault.detail}: ${
          missing.length === 0
            ? `${fault.hit.length} of ${fault.hit.length} back, the last after ${secs(slowest)}`
            : `budget missed: ${missing.join(", ")} not back before the next fault`
        }`,
      );
    }
    await Bun.sleep(Math.max(0, end - Date.now()));
    sampling = false;
    clearTimeout(rssStart);
    clearInterval(rssTimer);
    await sampler;
    rssOnce();
    const measuredMs = Date.now() - t0;

    // The console's own figures.
    const consoleUptime = new Map<
      string,
      {
        uptime_percent: number | null;
        live_seconds: number;
        intended_seconds: number;
        failures: number;
        longest_outage_seconds: number;
      }
    >();
    for (const [key, id] of destinations) {
      const res = await api(`/destinations/${id}/uptime?days=1`);
      if (res.ok) consoleUptime.set(key, await res.json());
    }

    // Outages at the ingest: runs of down seconds, each put down to the last fault that hit the stream
    // at or before the run began.
    const faultWindow = (key: string, f: Fault) => {
      const back = f.back.get(key);
      return [f.at - t0, back === undefined ? measuredMs : back - t0 + SETTLE_MS] as const;
    };
    let longest = { key: "", seconds: 0, startMs: 0, fault: "no fault" };
    console.log(`\nPer destination (${sampledAt.length} one-second samples at the ingest):`);
    console.log(
      `${"destination".padEnd(12)} ${"ingest".padStart(8)} ${"outside faults".padStart(15)} ${"console".padStart(8)} ${"live/intended s".padStart(16)} ${"failures".padStart(8)} ${"longest s".padStart(9)}  hit by`,
    );
    const outsideFigures: { key: string; value: number; neverHit: boolean; whole: number }[] = [];
    for (const key of keys) {
      const series = up.get(key)!;
      const hitBy = faults.filter((f) => f.hit.includes(key));
      const windows = hitBy.map((f) => faultWindow(key, f));
      let upCount = 0;
      let outside = 0;
      let outsideUp = 0;
      let downSince: number | null = null;
      series.forEach((isUp, i) => {
        const ms = sampledAt[i]!;
        if (isUp) upCount++;
        if (!windows.some(([a, b]) => ms >= a && ms < b)) {
          outside++;
          if (isUp) outsideUp++;
        }
        if (!isUp) downSince ??= ms;
        // An outage lasts from its first down sample to the next up one (or the end).
        const closing = isUp || i === series.length - 1;
        if (downSince !== null && closing) {
          const seconds = ((isUp ? ms : measuredMs) - downSince) / 1000;
          if (seconds > longest.seconds) {
            const startMs = downSince;
            const cause = [...hitBy].reverse().find((f) => f.at - t0 <= startMs + 1000);
            longest = {
              key,
              seconds,
              startMs,
              fault: cause ? `fault ${cause.n} (${cause.kind})` : "no fault",
            };
          }
          downSince = null;
        }
      });
      const whole = (100 * upCount) / Math.max(1, series.length);
      const outsidePct = (100 * outsideUp) / Math.max(1, outside);
      outsideFigures.push({ key, value: outsidePct, neverHit: hitBy.length === 0, whole });
      const c = consoleUptime.get(key);
      console.log(
        `${key.padEnd(12)} ${pct(whole).padStart(8)} ${pct(outsidePct).padStart(15)} ${(c?.uptime_percent == null ? "-" : pct(c.uptime_percent)).padStart(8)} ${(c ? `${c.live_seconds}/${c.intended_seconds}` : "-").padStart(16)} ${String(c?.failures ?? "-").padStart(8)} ${String(c?.longest_outage_seconds ?? "-").padStart(9)}  ${hitBy.map((f) => f.n).join(",") || "-"}`,
      );
    }

    console.log("\nFaults:");
    for (const f of faults) {
      const times = [...f.back.values()].map((b) => b - f.at);
      console.log(
        `  ${String(f.n).padStart(2)} [${clock(f.at - t0)}] ${f.kind.padEnd(11)} ${f.back.size}/${f.hit.length} back${times.length ? `, ${secs(Math.min(...times))}–${secs(Math.max(...times))}` : ""}  ${f.detail}`,
      );
    }

    console.log("\nServer RSS (MB), once a minute:");
    console.log(
      rss
        .map((r) => `${clock(r.at)} ${r.mb?.toFixed(1) ?? "-"}${r.pid && r.pid !== rss[0]!.pid ? "*" : ""}`)
        .join("  "),
    );
    console.log("(* a server started again after a server kill; - while none was running)");

    console.log("\nBudgets:");
    const notBack = faults.flatMap((f) =>
      f.hit.filter((k) => !f.back.has(k)).map((k) => `${k} after fault ${f.n}`),
    );
    row(
      "every hit stream back after every fault",
      `${faults.reduce((s, f) => s + f.back.size, 0)} of ${faults.reduce((s, f) => s + f.hit.length, 0)}`,
      "all, before the next fault",
      notBack.length === 0,
    );
    if (notBack.length) console.log(`  not back: ${notBack.join("; ")}`);
    for (const kind of FAULTS) {
      const times = faults
        .filter((f) => f.kind === kind)
        .flatMap((f) => [...f.back.values()].map((b) => b - f.at));
      if (times.length)
        row(
          `  back after ${kind} (slowest of ${times.length} returns)`,
          secs(Math.max(...times)),
          "reported",
        );
    }
    const worstOutside = outsideFigures.reduce((a, b) => (b.value < a.value ? b : a));
    row(
      `lowest uptime outside fault windows (${worstOutside.key})`,
      pct(worstOutside.value),
      `>= ${UPTIME_BUDGET} %`,
      worstOutside.value >= UPTIME_BUDGET,
    );
    const neverHit = outsideFigures.filter((f) => f.neverHit);
    if (neverHit.length) {
      const worst = neverHit.reduce((a, b) => (b.whole < a.whole ? b : a));
      row(
        `lowest uptime of the ${neverHit.length} never hit (${worst.key})`,
        pct(worst.whole),
        `>= ${UPTIME_BUDGET} %`,
        worst.whole >= UPTIME_BUDGET,
      );
    } else {
      console.log("  (no destination went unhit: an ingest restart or server kill hits every one)");
    }
    row("longest outage at the ingest", `${longest.seconds.toFixed(1)} s`, "reported");
    console.log(`  ${longest.key || "-"} from ${clock(longest.startMs)}, after ${longest.fault}`);
    const alreadyPublishing = (ingest.errorLog().match(/already publishing/g) ?? []).length;
    row(
      "two publishers on one name (stat samples)",
      String(dup.statTwoPublishers),
      "0",
      dup.statTwoPublishers === 0,
    );
    row("publishes refused as `already publishing`", String(alreadyPublishing), "0", alreadyPublishing === 0);
    row(
      "samples with two ffmpeg on one key",
      `${dup.twoFfmpegSamples}${dup.worstTwoFfmpeg ? ` (last ${dup.worstTwoFfmpeg})` : ""}`,
      "0",
      dup.twoFfmpegSamples === 0,
    );
    if (orphansAfterServerKill.length)
      row(
        "old ffmpeg alive 2 s after a server kill",
        orphansAfterServerKill.join(", "),
        "0 each",
        orphansAfterServerKill.every((o) => o.startsWith("0 ")),
      );
    const mbs = rss.map((r) => r.mb).filter((m): m is number => m !== null);
    row(
      "server RSS, lowest – highest",
      `${Math.min(...mbs).toFixed(1)}–${Math.max(...mbs).toFixed(1)} MB`,
      "reported",
    );
    console.log(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    sampling = false;
    // A frozen ffmpeg the stall watch has not reaped yet would stay frozen forever.
    for (const pid of stopped) if (alive(pid)) process.kill(pid, "SIGCONT");
    await service.stop();
    await ingest.stop();
  }
}

await main();
