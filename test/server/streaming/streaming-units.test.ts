import { describe, expect, test } from "bun:test";
import { backoffDelay, DEFAULT_TIMINGS } from "@server/features/streaming/backoff";
import { looksLikeOurStream, rtmpTarget, streamArgs } from "@server/features/streaming/ffmpeg-args";
import { failureMessage, maskSecrets } from "@server/features/streaming/secrets";
import { CpuSampler } from "@server/features/streaming/system-figures";
import { figuresOf, ProgressParser } from "@server/platform/process/ffmpeg-progress";
import { LineTail } from "@server/platform/process/line-tail";
import { STEAM_INGEST_URL, STREAMING } from "@shared/messages/streaming";
import { createDestinationInput, isRtmpUrl } from "@shared/schemas/streaming";

// The pure parts of the supervisor: progress parsing, backoff, masking, argument lists, URL rules.

const BLOCK = `frame=150
fps=25.02
stream_0_0_q=-1.0
bitrate= 412.3kbits/s
total_size=309044
out_time_us=6000000
out_time_ms=6000000
out_time=00:00:06.000000
dup_frames=2
drop_frames=1
speed=1.01x
progress=continue
`;

describe("progress parser", () => {
  test("reads figures from blocks split anywhere, out_time_ms as microseconds", () => {
    const seen: ReturnType<typeof figuresOf>[] = [];
    const ends: boolean[] = [];
    const parser = new ProgressParser((b, ended) => {
      seen.push(figuresOf(b));
      ends.push(ended);
    });
    for (let i = 0; i < BLOCK.length; i += 7) parser.push(BLOCK.slice(i, i + 7));
    parser.push(BLOCK.replace("frame=150", "frame=175").replace("progress=continue", "progress=end"));
    expect(seen).toHaveLength(2);
    expect(seen[0]).toEqual({
      frame: 150,
      fps: 25.02,
      bitrate_kbps: 412.3,
      speed: 1.01,
      out_time_seconds: 6,
      dropped_frames: 1,
      dup_frames: 2,
    });
    expect(seen[1]!.frame).toBe(175);
    expect(ends).toEqual([false, true]);
  });

  test("N/A values read as 0 and only out_time_ms still gives seconds", () => {
    const f = figuresOf(
      new Map([
        ["bitrate", "N/A"],
        ["speed", "N/A"],
        ["out_time_ms", "2500000"],
      ]),
    );
    expect(f.bitrate_kbps).toBe(0);
    expect(f.speed).toBe(0);
    expect(f.out_time_seconds).toBe(2.5);
  });
});

describe("backoff", () => {
  test("2 s × 1.5ⁿ capped at 60 s", () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(n))).toEqual([2000, 3000, 4500, 6750]);
    expect(backoffDelay(20)).toBe(60_000);
    expect(DEFAULT_TIMINGS.stallMs).toBe(30_000);
    expect(DEFAULT_TIMINGS.stopGraceMs).toBe(4000);
    expect(DEFAULT_TIMINGS.healthyResetMs).toBe(60_000);
  });
});

describe("secrets", () => {
  test("the stream key and URL credentials are masked", () => {
    const line = "Error opening rtmp://u:pw@host/app/abc%2Fkey and abc/key: Connection refused";
    const masked = maskSecrets(line, "abc/key");
    expect(masked).not.toContain("abc/key");
    expect(masked).not.toContain("abc%2Fkey");
    expect(masked).not.toContain("pw@");
  });

  test("the tail keeps the last 50 lines and the message the last meaningful ones", () => {
    const tail = new LineTail(50);
    tail.push(Array.from({ length: 60 }, (_, i) => `line ${i}`).join("\n"));
    tail.push(
      "\nav_interleaved_write_frame(): Broken pipe\r\nError writing trailer of rtmp://h/app/KEY1: Broken pipe\n",
    );
    const lines = tail.all();
    expect(lines).toHaveLength(50);
    const msg = failureMessage(lines, "KEY1", "fallback");
    expect(msg).toBe(
      "av_interleaved_write_frame(): Broken pipe\nError writing trailer of [ingest]: Broken pipe",
    );
    expect(msg).not.toContain("KEY1");
    expect(failureMessage([], "k", "ffmpeg exited with code 1")).toBe("ffmpeg exited with code 1");
  });
});

describe("ffmpeg arguments", () => {
  test("stream copy of a looped file in real time with progress on stdout", () => {
    const args = streamArgs("/data/a b.mp4", rtmpTarget("rtmp://h/app/", "K?e&y/1"));
    expect(args).toEqual([
      "-hide_banner",
      "-nostdin",
      "-re",
      "-stream_loop",
      "-1",
      "-i",
      "/data/a b.mp4",
      "-c",
      "copy",
      "-f",
      "flv",
      "-flvflags",
      "no_duration_filesize",
      "-progress",
      "pipe:1",
      "-stats_period",
      "1",
      "-rtmp_app",
      "app",
      "-rtmp_tcurl",
      "rtmp://h/app",
      "-rtmp_playpath",
      "K?e&y/1",
      "rtmp://h/app",
    ]);
    expect(looksLikeOurStream(["/usr/bin/ffmpeg", ...args])).toBe(true);
    expect(looksLikeOurStream(["/usr/bin/ffmpeg", "-i", "x", "-f", "null", "-"])).toBe(false);
    expect(looksLikeOurStream(["/bin/sleep", ...args])).toBe(false);
    // A run that ends at a loop seam for its planned reconnect loops a set number of times: still ours.
    const span = { endAfterSeconds: 100, offsetMs: 0, loops: 9 };
    const counted = streamArgs("/data/a.mp4", rtmpTarget("rtmp://h/app", "K"), null, span);
    expect(counted.slice(counted.indexOf("-stream_loop"), counted.indexOf("-stream_loop") + 2)).toEqual([
      "-stream_loop",
      "9",
    ]);
    expect(counted.slice(counted.indexOf("-t"), counted.indexOf("-t") + 2)).toEqual(["-t", "100.000"]);
    expect(looksLikeOurStream(["/usr/bin/ffmpeg", ...counted])).toBe(true);
  });

  test("a benchmark's faster read rate replaces -re; 0 reads without a limit; the default is -re", () => {
    const target = rtmpTarget("rtmp://h/app", "K");
    const rateOf = (args: string[]) => args.slice(2, args.indexOf("-stream_loop"));
    expect(rateOf(streamArgs("a.mp4", target, null, null))).toEqual(["-re"]);
    expect(rateOf(streamArgs("a.mp4", target, null, null, { readRate: 1 }))).toEqual(["-re"]);
    expect(rateOf(streamArgs("a.mp4", target, null, null, { readRate: 5000 }))).toEqual([
      "-readrate",
      "5000",
    ]);
    expect(rateOf(streamArgs("a.mp4", target, null, null, { readRate: 0 }))).toEqual([]);
    expect(
      looksLikeOurStream(["/usr/bin/ffmpeg", ...streamArgs("a.mp4", target, null, null, { readRate: 0 })]),
    ).toBe(true);
  });
});

describe("the RTMP target", () => {
  test("the URL names the server and the application; the key goes apart, as given", () => {
    expect(rtmpTarget("rtmp://ingest.example.com:1935/app", "a?b=c")).toEqual({
      url: "rtmp://ingest.example.com:1935/app",
      app: "app",
      tcUrl: "rtmp://ingest.example.com:1935/app",
      playpath: "a?b=c",
    });
    // An application with an instance keeps both parts; extra slashes are dropped.
    expect(rtmpTarget("rtmps://h:443//app/inst//", "k")).toMatchObject({
      url: "rtmps://h:443/app/inst",
      app: "app/inst",
      tcUrl: "rtmps://h:443/app/inst",
    });
    // Credentials stay in the URL ffmpeg connects with, never in the tcUrl it sends.
    expect(rtmpTarget("rtmp://user:pw@h/app", "k")).toMatchObject({
      url: "rtmp://user:pw@h/app",
      tcUrl: "rtmp://h/app",
    });
  });

  test("without a key the URL is used as given, with no RTMP options", () => {
    const target = rtmpTarget("rtmp://h/app/name", "");
    expect(target).toEqual({ url: "rtmp://h/app/name", app: null, tcUrl: null, playpath: null });
    expect(streamArgs("f.mp4", target).slice(-2)).toEqual(["1", "rtmp://h/app/name"]);
  });
});

describe("destination input", () => {
  test("only rtmp:// and rtmps:// URLs", () => {
    expect(isRtmpUrl("rtmp://ingest.example.com/app")).toBe(true);
    expect(isRtmpUrl("rtmps://ingest.example.com:443/app")).toBe(true);
    for (const bad of ["http://x/app", "rtmp:/x", "file:///etc/passwd", "rtmp://", "-f lavfi"])
      expect(isRtmpUrl(bad)).toBe(false);
  });

  test("steam pre-fills Steam's ingest URL; custom needs one", () => {
    const steam = createDestinationInput.parse({ name: "S", type: "steam", project_id: 1 });
    expect(steam.rtmp_url).toBe(STEAM_INGEST_URL);
    const custom = createDestinationInput.safeParse({
      name: "C",
      type: "custom",
      rtmp_url: "",
      project_id: 1,
    });
    expect(custom.success).toBe(false);
    expect(custom.error!.issues[0]!.message).toBe(STREAMING.rtmpUrlRequired);
  });
});

describe("CPU figure", () => {
  test("counts a busy child with the server, one decimal, steady within a second", async () => {
    const sampler = new CpuSampler();
    const busy = Bun.spawn(
      [
        "ffmpeg",
        "-hide_banner",
        "-nostdin",
        "-f",
        "lavfi",
        "-i",
        "testsrc2=size=640x480:rate=1000",
        "-t",
        "30",
        "-f",
        "null",
        "-",
      ],
      { stdout: "ignore", stderr: "ignore" },
    );
    try {
      sampler.sample([busy.pid]);
      await Bun.sleep(1500);
      const withChild = sampler.sample([busy.pid]);
      expect(withChild).toBeGreaterThan(10);
      expect(Math.round(withChild * 10) / 10).toBe(withChild);
      expect(sampler.sample([busy.pid])).toBe(withChild);
    } finally {
      busy.kill("SIGKILL");
      await busy.exited;
    }
  });
});
