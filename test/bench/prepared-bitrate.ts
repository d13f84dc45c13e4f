// Prepared-copy bitrate benchmark: a moving, noisy 1080p30 source (ffmpeg's testsrc2 under temporal
// noise) is prepared with the console's own arguments, then the copy's packets are summed per
// second, sound included (what goes on the wire by stream copy). Prints the mean, the busiest
// second, their ratio and the encode time beside their budgets; it asserts nothing.
// Run: bun test/bench/prepared-bitrate.ts   (env: SECONDS=15)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readBitrate } from "@server/features/media/bitrate";
import { prepareArgs } from "@server/features/media/preparation/prepare-args";
import { STEAM_MAX_VIDEO_KBPS } from "@server/features/media/steam-rules";

const SECONDS = Number(process.env.SECONDS ?? 15);
const FFMPEG = process.env.FFMPEG_PATH ?? "ffmpeg";
const FFPROBE = process.env.FFPROBE_PATH ?? "ffprobe";
const PEAK_OVER_MEAN = 1.15;
/** Encode time per second of media: the preset must keep a long trailer's preparation bearable. */
const ENCODE_BUDGET = 2;

async function run(cmd: string[]) {
  const proc = Bun.spawn(cmd, { stdout: "ignore", stderr: "pipe" });
  const [code, err] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
  if (code !== 0) throw new Error(`${cmd[0]} failed (${code}): ${err.slice(-500)}`);
}

const work = mkdtempSync(join(tmpdir(), "console-bench-bitrate-"));
try {
  const source = join(work, "noisy.mp4");
  const prepared = join(work, "prepared.mp4");
  console.log(`making ${SECONDS} s of noisy 1080p30...`);
  await run([
    FFMPEG,
    ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i"],
    `testsrc2=size=1920x1080:rate=30:duration=${SECONDS},noise=alls=60:allf=t+u`,
    ...["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-crf", "20", "-pix_fmt", "yuv420p"],
    ...["-c:a", "aac", "-shortest", source],
  ]);
  const started = performance.now();
  const args = prepareArgs(source, prepared, {
    frameRate: 30,
    hasAudio: true,
    width: 1920,
    height: 1080,
    videoSeconds: SECONDS,
  });
  await run([FFMPEG, ...args.filter((a, i) => !(a === "-progress" || args[i - 1] === "-progress"))]);
  const encodeS = (performance.now() - started) / 1000;
  const wire = await readBitrate(FFPROBE, prepared, {
    streams: "all",
    windowSeconds: 3600,
    timeoutMs: 60_000,
  });
  if (!wire) throw new Error("the prepared copy could not be read");
  const ratio = wire.peakKbps / wire.meanKbps;
  const row = (name: string, figure: string, budget: string, ok: boolean) =>
    console.log(
      `${name.padEnd(26)} ${figure.padEnd(14)} budget ${budget.padEnd(12)} ${ok ? "ok" : "MISSED"}`,
    );
  row("mean on the wire", `${wire.meanKbps} kbps`, "-", true);
  row(
    "busiest second",
    `${wire.peakKbps} kbps`,
    `≤ ${STEAM_MAX_VIDEO_KBPS} kbps`,
    wire.peakKbps <= STEAM_MAX_VIDEO_KBPS,
  );
  row("busiest / mean", ratio.toFixed(3), `≤ ${PEAK_OVER_MEAN}`, ratio <= PEAK_OVER_MEAN);
  row(
    "encode time",
    `${encodeS.toFixed(1)} s (${(encodeS / SECONDS).toFixed(2)}×)`,
    `≤ ${ENCODE_BUDGET}× media`,
    encodeS / SECONDS <= ENCODE_BUDGET,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
