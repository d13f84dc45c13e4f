import { describe, expect, test } from "bun:test";
import { streams } from "@server/platform/db/schema";
import { maskAddresses } from "@server/platform/process/mask-addresses";
import { STREAMING } from "@shared/messages/streaming";
import { eq } from "drizzle-orm";
import { freePort, waitFor } from "../../fakes/rtmp-receiver";
import { steamReadyMp4 } from "../../support/media";
import { addVideo, streamingWorld } from "./streaming-fixtures";

// One rule for every failure text that leaves ffmpeg: no ingest address, in any spelling, reaches
// the history, a card, a webhook or a log; ordinary text keeps its colons.

describe("the masking rule", () => {
  const masked: [string, string][] = [
    [
      "[tcp @ 0x55ce75406240] Connection to tcp://127.0.0.1:29398?tcp_nodelay=0 failed: Connection refused",
      "[tcp @ 0x55ce75406240] Connection to [ingest] failed: Connection refused",
    ],
    ["rtmp://127.0.0.1:29398/live/****: Connection refused", "[ingest]: Connection refused"],
    ["rtmps://ingest.example.com/app: I/O error", "[ingest]: I/O error"],
    ["tls://ingest.example.com:443 handshake failed", "[ingest] handshake failed"],
    ["Cannot connect to 127.0.0.1:1935", "Cannot connect to [ingest]"],
    ["Cannot connect to [::1]:1935", "Cannot connect to [ingest]"],
    ["Cannot connect to [fd00:ec2::254]:1935.", "Cannot connect to [ingest]."],
    ["Cannot connect to ingest.example.com:1935, giving up", "Cannot connect to [ingest], giving up"],
    ["Cannot connect to localhost:1935", "Cannot connect to [ingest]"],
    ["peer 10.0.0.7 closed the connection", "peer [ingest] closed the connection"],
    [
      "[tcp @ 0x5650] Failed to resolve hostname relay.studio.lan: Name or service not known",
      "[tcp @ 0x5650] Failed to resolve hostname [ingest]: Name or service not known",
    ],
    ["Error opening input /srv/data/media/abc.mp4: No such file", "Error opening input [file]: No such file"],
  ];
  for (const [text, expected] of masked)
    test(`masks: ${text}`, () => {
      expect(maskAddresses(text)).toBe(expected);
    });

  const kept = [
    "The window runs from 12:30 to 14:00",
    "time=00:00:05.00 bitrate=2500.0kbits/s speed=1.00x",
    "ffmpeg was killed by SIGKILL",
    "ffmpeg exited with code 1",
    "av_interleaved_write_frame(): Broken pipe",
    "[flv @ 0x5581e0c8a0c0] Failed to update header with correct duration.",
    "[vist#0:0/h264 @ 0x55] Decoding error: Invalid data found when processing input",
    "Stream #0:0 -> #0:0 (copy)",
    "Error number -111 occurred",
  ];
  for (const text of kept)
    test(`keeps: ${text}`, () => {
      expect(maskAddresses(text)).toBe(text);
    });

  test("the console's own sentences pass unchanged, and masking twice changes nothing", () => {
    for (const value of Object.values(STREAMING)) {
      if (typeof value !== "string") continue;
      expect(maskAddresses(value)).toBe(value);
    }
    const once = maskAddresses(masked.map(([t]) => t).join("\n"));
    expect(maskAddresses(once)).toBe(once);
  });
});

describe("a failed stream names no ingest anywhere it is shown", () => {
  test("history, the destination card and the stored row carry no address of a dead ingest", async () => {
    const w = await streamingWorld();
    const port = freePort();
    const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
    const dest = await w.asDev.streaming.createDestination({
      name: "Dead relay",
      type: "custom",
      rtmp_url: `rtmp://127.0.0.1:${port}/live`,
      stream_key: "dead-KEY",
      autorestart: false,
      project_id: w.project.id,
    });
    const s = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    const row = async () => (await w.deps.db.select().from(streams).where(eq(streams.id, s.id)))[0]!;
    await waitFor(async () => (await row()).status === "error", 10_000, "the stream to fail");
    // The ingest's own port, in any form: tcp://127.0.0.1:PORT, 127.0.0.1:PORT, rtmp://…
    const leaks = (text: string) =>
      ["127.0.0.1", String(port), "tcp://", "rtmp://"].filter((s) => text.includes(s));
    expect(leaks((await row()).lastErrorMessage ?? "")).toEqual([]);
    expect((await row()).lastErrorMessage).toContain("[ingest]");
    for (const caller of [w.asViewer, w.asDev, w.asAdmin]) {
      const { streams: history } = await caller.streaming.status({ projectId: w.project.id });
      const record = history.find((h) => h.id === s.id)!;
      expect(record.last_error_message).toContain("[ingest]");
      expect(leaks(record.last_error_message ?? "")).toEqual([]);
      const [card] = await caller.streaming.destinations({ projectId: w.project.id });
      expect(card!.last_failure?.message).toContain("[ingest]");
      expect(leaks(card!.last_failure?.message ?? "")).toEqual([]);
    }
  }, 20_000);

  test("a row stored before the rule is masked in every answer", async () => {
    const w = await streamingWorld();
    const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
    const dest = await w.asDev.streaming.createDestination({
      name: "Old",
      type: "custom",
      rtmp_url: "rtmp://127.0.0.1:1/live",
      stream_key: "k",
      autorestart: false,
      project_id: w.project.id,
    });
    const old = "Cannot open connection tcp://relay.studio.lan:1935?tcp_nodelay=0";
    await w.deps.db.insert(streams).values({
      projectId: w.project.id,
      destinationId: dest.id,
      destinationName: dest.name,
      destinationType: "custom",
      mediaId: media.id,
      mediaName: media.originalName,
      status: "error",
      startedAt: w.deps.now() - 1000,
      stoppedAt: w.deps.now(),
      errorCount: 1,
      lastErrorMessage: old,
      lastErrorTime: w.deps.now(),
    });
    const { streams: history } = await w.asViewer.streaming.status({ projectId: w.project.id });
    expect(history[0]!.last_error_message).toBe("Cannot open connection [ingest]");
    const [card] = await w.asViewer.streaming.destinations({ projectId: w.project.id });
    expect(card!.last_failure?.message).toBe("Cannot open connection [ingest]");
  });
});
