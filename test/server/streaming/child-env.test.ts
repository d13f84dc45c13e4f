import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { probeMedia } from "@server/features/media/probe";
import { childEnv } from "@server/platform/process/child-process";
import { childRegistry } from "@server/platform/process/child-registry";
import { startReceiver, waitFor } from "../../fakes/rtmp-receiver";
import { steamReadyMp4 } from "../../support/media";
import { addVideo, streamingWorld } from "./streaming-fixtures";

// An ffmpeg talks to remote ingests and an ffprobe parses untrusted uploads: whoever takes one over
// reads its environment first. The server's secrets must not be there.

const SECRETS: Record<string, string> = {
  STEAM_PARTNER_API_KEY: "partner-key-7f3a9c",
  STEAM_WEB_API_KEY: "web-key-1b2c3d",
  ADMIN_PASSWORD: "admin-pass-9z8y7x",
  METRICS_TOKEN: "metrics-token-5e6f",
  DATABASE_URL: "file:/secret/place.db",
  SOME_FUTURE_SECRET: "future-secret-4242",
};
const ALLOWED = /^(PATH|LANG|LANGUAGE|TZ|HOME|TMPDIR|LC_[A-Z_]+)$/;

const saved: Record<string, string | undefined> = {};
beforeAll(() => {
  for (const [name, value] of Object.entries(SECRETS)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** NAME=value pairs of a live process, from the kernel. */
function environOf(pid: number): Map<string, string> {
  const raw = readFileSync(`/proc/${pid}/environ`, "utf8");
  const env = new Map<string, string>();
  for (const pair of raw.split("\0").filter(Boolean)) {
    const at = pair.indexOf("=");
    env.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return env;
}

function expectNoSecret(env: Map<string, string>, raw: string) {
  for (const name of env.keys()) expect(name).toMatch(ALLOWED);
  for (const value of Object.values(SECRETS)) expect(raw).not.toContain(value);
  expect(env.get("PATH")).toBe(process.env.PATH!);
}

describe("child processes get a minimal environment", () => {
  test("a live stream's ffmpeg holds no secret and only allowed names", async () => {
    const w = await streamingWorld();
    const receiver = await startReceiver({ key: "env-KEY-1" });
    const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
    const dest = await w.asDev.streaming.createDestination({
      name: "Local",
      type: "custom",
      rtmp_url: receiver.rtmpUrl,
      stream_key: receiver.key,
      autorestart: false,
      project_id: w.project.id,
    });
    const started = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    await receiver.waitForFrames(10);
    const pid = childRegistry.pids("stream")[0]!;
    expect(pid).toBeGreaterThan(0);
    const raw = readFileSync(`/proc/${pid}/environ`, "utf8");
    // The environ of the exec'd ffmpeg itself, not of a wrapper.
    expect(readFileSync(`/proc/${pid}/cmdline`, "utf8")).toContain("-rtmp_playpath");
    expectNoSecret(environOf(pid), raw);
    await w.asDev.streaming.stop({ streamId: started.id });
    await receiver.stop();
  }, 20_000);

  test("an ffprobe reading an upload holds no secret and only allowed names", async () => {
    // A named pipe nobody writes to yet: the probe waits on it, alive, while its environment is read.
    const dir = mkdtempSync(join(tmpdir(), "child-env-"));
    const fifo = join(dir, "upload.mp4");
    try {
      expect(Bun.spawnSync(["mkfifo", fifo]).exitCode).toBe(0);
      const probing = probeMedia("ffprobe", fifo);
      await waitFor(() => childRegistry.pids("probe").length > 0, 5000, "ffprobe to start");
      const pid = childRegistry.pids("probe")[0]!;
      await waitFor(
        () => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(fifo),
        5000,
        "ffprobe to run",
      );
      const raw = readFileSync(`/proc/${pid}/environ`, "utf8");
      expectNoSecret(environOf(pid), raw);
      // Opening the pipe for writing (blocks until the probe has it open) and closing it at once
      // gives the probe its end of file.
      closeSync(openSync(fifo, "w"));
      expect(await probing).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 20_000);

  test("the allow-list keeps the locale and drops everything else", () => {
    expect(
      childEnv({
        PATH: "/usr/bin",
        LANG: "de_DE.UTF-8",
        LC_TIME: "C",
        TZ: "Europe/Berlin",
        ADMIN_PASSWORD: "x",
        STEAM_WEB_API_KEY: "y",
        PATHS: "z",
      }),
    ).toEqual({ PATH: "/usr/bin", LANG: "de_DE.UTF-8", LC_TIME: "C", TZ: "Europe/Berlin" });
  });
});
