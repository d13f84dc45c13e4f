import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startReceiver } from "../fakes/rtmp-receiver";
import { startServerProcess } from "../server/streaming/streaming-server-process";
import { addDestination, projectWithVideo, signIn, startStream, waitUntil } from "./harness";

// An error that escapes every handler is logged and the server goes on serving, its stream too.

const dataDir = mkdtempSync(join(tmpdir(), "console-escape-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test("an escaped exception and an unhandled rejection end neither the server nor its stream", async () => {
  const server = await startServerProcess(dataDir, {}, [join(import.meta.dir, "escape-on-signal.ts")]);
  const receiver = await startReceiver();
  try {
    const api = await signIn(server.url);
    const { projectId, mediaId } = await projectWithVideo(api);
    const destinationId = await addDestination(api, projectId, {
      name: "Receiver",
      rtmpUrl: receiver.rtmpUrl,
      key: receiver.key,
      autorestart: false,
    });
    await startStream(api, destinationId, mediaId);
    await receiver.waitForFrames(10, 20_000);

    server.proc.kill("SIGUSR2");
    await waitUntil(
      () => (server.output().match(/\[last-resort\]/g) ?? []).length >= 2,
      5000,
      "both escapes to be logged",
    );
    expect(server.output()).toContain("planted: thrown from a timer");
    expect(server.output()).toContain("planted: rejected and never awaited");

    // Same process, still serving, still streaming.
    expect(server.proc.exitCode).toBeNull();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const framesThen = receiver.frames();
    await receiver.waitForFrames(framesThen + 25, 10_000);
    expect(receiver.sessions()).toBe(0);
  } finally {
    server.proc.kill("SIGTERM");
    await server.proc.exited;
    await receiver.stop();
  }
}, 60_000);
