import { expect, test } from "bun:test";
import { join } from "node:path";
import { rtmpTarget, streamArgs } from "@server/features/streaming/ffmpeg-args";
import { commandLine, isAlive, killIfOurs } from "@server/features/streaming/processes";
import { canTieChildren, spawnTied } from "@server/platform/process/child-process";
import { startBlackHole, waitFor } from "../../fakes/rtmp-receiver";
import { steamReadyMp4 } from "../../support/media";

// Children tied to the server: the kernel kills them when their parent dies, whatever the signal;
// the pid stays the tool's own, so the start-up reconcile still recognises a leftover ffmpeg.

const isSleep = (pid: number) => commandLine(pid)?.[0]?.split("/").pop() === "sleep";
const HELPER = join(import.meta.dir, "..", "..", "..", "server", "platform", "process", "child-process.ts");

test("this machine ties children with setpriv", () => {
  expect(canTieChildren()).toBe(true);
});

test("a tied child keeps its own pid and command line", async () => {
  const child = spawnTied(["sleep", "30"]);
  try {
    await waitFor(() => isSleep(child.pid), 2000, "setpriv to exec sleep");
    expect(commandLine(child.pid)).toEqual([Bun.which("sleep")!, "30"]);
  } finally {
    child.kill("SIGKILL");
    await child.exited;
  }
});

test("a tied child dies within 2 s of its parent's SIGKILL", async () => {
  // A parent process that ties a child, says its pid, and waits to be killed.
  const parent = Bun.spawn(
    [
      process.execPath,
      "-e",
      `const { spawnTied } = await import(${JSON.stringify(HELPER)});
       const c = spawnTied(["sleep", "60"], { ownGroup: true });
       console.log(c.pid);
       await Bun.sleep(60_000);`,
    ],
    { stdin: "ignore", stdout: "pipe", stderr: "inherit" },
  );
  const reader = parent.stdout.getReader();
  const { value } = await reader.read();
  const child = Number(new TextDecoder().decode(value).trim());
  expect(child).toBeGreaterThan(0);
  await waitFor(() => isSleep(child), 2000, "the child to run");
  parent.kill("SIGKILL");
  await parent.exited;
  await waitFor(() => !isAlive(child), 2000, "the orphaned child to die");
});

test("the reconcile kills a leftover stream ffmpeg it recognises and nothing else", async () => {
  const hole = startBlackHole();
  const file = await steamReadyMp4(2);
  // Spawned untied on purpose: a leftover from a server that ran without setpriv.
  const leftover = Bun.spawn(["ffmpeg", ...streamArgs(file, rtmpTarget(hole.rtmpUrl, "KEY"))], {
    stdin: "ignore",
    stdout: "ignore",
    stderr: "ignore",
  });
  const stranger = spawnTied(["sleep", "30"]);
  try {
    await waitFor(() => isSleep(stranger.pid), 2000, "sleep to run");
    expect(await killIfOurs(stranger.pid, "stream")).toBe(false);
    expect(isAlive(stranger.pid)).toBe(true);
    expect(await killIfOurs(leftover.pid, "stream")).toBe(true);
    expect(isAlive(leftover.pid)).toBe(false);
  } finally {
    stranger.kill("SIGKILL");
    leftover.kill("SIGKILL");
    await Promise.all([stranger.exited, leftover.exited]);
    hole.stop();
  }
});
