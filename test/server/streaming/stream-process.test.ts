import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { isAlive } from "@server/features/streaming/processes";
import {
  IllegalTransition,
  type ProcessEnd,
  type ProcessState,
  StreamProcess,
  type StreamProcessOptions,
  TRANSITIONS,
} from "@server/features/streaming/stream-process";
import { childRegistry } from "@server/platform/process/child-registry";
import { STREAMING } from "@shared/messages/streaming";
import { waitFor } from "../../fakes/rtmp-receiver";

// One ffmpeg run on its own, driven by a fake ffmpeg (a real child process with real signals) that
// prints -progress blocks and exits, hangs or ignores SIGINT as told.

const FAKE = join(import.meta.dir, "..", "..", "fakes", "fake-ffmpeg.ts");

function fakeRun(flags: string[], options: Partial<StreamProcessOptions> = {}) {
  const moves: string[] = [];
  const events: string[] = [];
  const proc = new StreamProcess({
    argv: [process.execPath, FAKE, ...flags],
    secret: "SECRET-KEY",
    stallMs: 5000,
    stallCheckMs: 50,
    stopGraceMs: 3000,
    ...options,
    events: {
      onTransition: (from, to) => moves.push(`${from}>${to}`),
      onOutputOpen: () => events.push("open"),
      onRunning: () => events.push("running"),
      onEnd: (end) => events.push(`end:${end.state}:${end.reason}`),
    },
  });
  return { proc, moves, events };
}

describe("the transition table", () => {
  test("lists every legal move; the two ends lead nowhere", () => {
    expect(TRANSITIONS).toEqual({
      idle: ["starting", "exited"],
      starting: ["running", "stopping", "failed"],
      running: ["stopping", "failed"],
      stopping: ["exited"],
      exited: [],
      failed: [],
    } satisfies Record<ProcessState, readonly ProcessState[]>);
  });

  test("starting twice, or again after the end, is illegal and throws", async () => {
    const { proc } = fakeRun(["--blocks", "0", "--then", "exit:1"]);
    proc.start();
    expect(() => proc.start()).toThrow(IllegalTransition);
    expect(proc.state).toBe("starting");
    await proc.ended;
    expect(() => proc.start()).toThrow("A stream process cannot go from failed to starting");
    expect(proc.state).toBe("failed");
  });

  test("stopping a process that never started ends it as exited without a child", async () => {
    const { proc, moves } = fakeRun([]);
    const end = await proc.stop();
    expect(end).toEqual({ state: "exited", reason: "stopped", message: null });
    expect(moves).toEqual(["idle>exited"]);
    expect(proc.pid).toBeNull();
  });
});

describe("a run", () => {
  test("idle → starting → running → stopping → exited: figures while running, a graceful stop", async () => {
    const { proc, moves, events } = fakeRun([]);
    proc.start();
    const pid = proc.pid!;
    expect(childRegistry.list("stream").map((c) => c.pid)).toContain(pid);
    await waitFor(() => proc.state === "running", 5000, "running");
    await waitFor(() => (proc.figures?.frame ?? 0) >= 50, 5000, "figures");
    expect(proc.figures).toMatchObject({ fps: 25, bitrate_kbps: 2500, speed: 1 });
    const end = await proc.stop();
    expect(end).toEqual({ state: "exited", reason: "stopped", message: null });
    expect(moves).toEqual(["idle>starting", "starting>running", "running>stopping", "stopping>exited"]);
    expect(events).toEqual(["open", "running", "end:exited:stopped"]);
    expect(proc.figures).toBeNull();
    expect(isAlive(pid)).toBe(false);
    await waitFor(() => !childRegistry.pids().includes(pid), 2000, "the registry to let it go");
  });

  test("stopped while still starting: starting → stopping → exited", async () => {
    const { proc, moves } = fakeRun(["--blocks", "0"]);
    proc.start();
    await Bun.sleep(0);
    expect((await proc.stop()).state).toBe("exited");
    expect(moves).toEqual(["idle>starting", "starting>stopping", "stopping>exited"]);
  });
});

describe("a run that fails", () => {
  test("ffmpeg ending by itself is a failure with its masked error line", async () => {
    const line = "Error writing trailer of rtmp://h/app/SECRET-KEY: Broken pipe";
    const { proc, moves } = fakeRun(["--blocks", "3", "--then", "exit:1", "--stderr", line]);
    proc.start();
    const end = await proc.ended;
    expect(end).toEqual({
      state: "failed",
      reason: "ended",
      message: "Error writing trailer of [ingest]: Broken pipe",
    });
    expect(moves).toEqual(["idle>starting", "starting>running", "running>failed"]);
  });

  test("ending before the first frame: starting → failed, with the exit code when stderr says nothing", async () => {
    const { proc, moves } = fakeRun(["--blocks", "0", "--then", "exit:3"]);
    proc.start();
    expect(await proc.ended).toEqual({
      state: "failed",
      reason: "ended",
      message: "ffmpeg exited with code 3",
    });
    expect(moves).toEqual(["idle>starting", "starting>failed"]);
  });

  test("a child that cannot be spawned fails at once, its message masked", async () => {
    const proc = new StreamProcess({
      argv: ["/nonexistent/SECRET-KEY/ffmpeg"],
      secret: "SECRET-KEY",
      stallMs: 1000,
      stallCheckMs: 50,
      stopGraceMs: 1000,
    });
    proc.start();
    expect(proc.state).toBe("failed");
    const end: ProcessEnd = await proc.ended;
    expect(end.reason).toBe("spawn-failed");
    expect(end.message).toStartWith("Could not start ffmpeg");
    expect(end.message).not.toContain("SECRET-KEY");
  });
});

describe("the stall watch", () => {
  test("a frame count that stops growing is a stall: killed, failed with the stall message", async () => {
    const { proc, moves } = fakeRun(["--freeze-after", "2"], { stallMs: 600 });
    const started = Date.now();
    proc.start();
    const pid = proc.pid!;
    const end = await proc.ended;
    expect(end).toEqual({
      state: "failed",
      reason: "stalled",
      message: STREAMING.stalled,
      lastFrameAt: expect.any(Number),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    expect(moves).toEqual(["idle>starting", "starting>running", "running>failed"]);
    expect(isAlive(pid)).toBe(false);
  });

  test("no frame at all within the stall time fails the start", async () => {
    const { proc, moves } = fakeRun(["--blocks", "0"], { stallMs: 400 });
    proc.start();
    expect((await proc.ended).reason).toBe("stalled");
    expect(moves).toEqual(["idle>starting", "starting>failed"]);
  });
});

describe("stopping", () => {
  test("a child that ignores SIGINT is killed after the grace period", async () => {
    const { proc, moves } = fakeRun(["--ignore-sigint"], { stopGraceMs: 700 });
    proc.start();
    await waitFor(() => proc.state === "running", 5000, "running");
    const asked = Date.now();
    expect(await proc.stop()).toEqual({ state: "exited", reason: "stopped", message: null });
    expect(Date.now() - asked).toBeGreaterThanOrEqual(650);
    expect(moves.slice(-2)).toEqual(["running>stopping", "stopping>exited"]);
  });

  test("kill ends it at once, SIGINT or not; a second stop answers the same end", async () => {
    const { proc } = fakeRun(["--ignore-sigint"], { stopGraceMs: 10_000 });
    proc.start();
    await waitFor(() => proc.state === "running", 5000, "running");
    const asked = Date.now();
    const end = await proc.kill();
    expect(Date.now() - asked).toBeLessThan(3000);
    expect(end.state).toBe("exited");
    expect(await proc.stop()).toBe(end);
  });
});
