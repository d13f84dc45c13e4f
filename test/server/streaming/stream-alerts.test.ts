import { describe, expect, test } from "bun:test";
import { StreamAlerts } from "@server/features/streaming/stream-alerts";
import { insertStarting } from "@server/features/streaming/stream-store";
import { destinations, mediaFiles } from "@server/platform/db/schema";
import type { ConsoleEvent } from "@server/platform/events/bus";
import { eq } from "drizzle-orm";
import { steamReadyMp4 } from "../../support/media";
import { addVideo, streamingWorld } from "./streaming-fixtures";

// Which failures become which events, on a clock the test moves.

describe("stream alerts", () => {
  test("one stream.failed per incident; 'restarting repeatedly' at most once in it; the recovery closes it with the count", async () => {
    const w = await streamingWorld();
    const clock = { t: 1_000_000 };
    const seen: ConsoleEvent[] = [];
    w.deps.events.on((e) => seen.push(e));
    const alerts = new StreamAlerts({ db: w.deps.db, now: () => clock.t, events: w.deps.events });
    const destination = await w.asDev.streaming.createDestination({
      name: "Steam main",
      type: "custom",
      rtmp_url: "rtmp://127.0.0.1:1/live",
      stream_key: "k",
      autorestart: true,
      project_id: w.project.id,
    });
    const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
    const dest = (await w.deps.db.select().from(destinations).where(eq(destinations.id, destination.id)))[0]!;
    const m = (await w.deps.db.select().from(mediaFiles).where(eq(mediaFiles.id, media.id)))[0]!;
    const s = await insertStarting(w.deps.db, {
      destination: dest,
      media: m,
      startedBy: null,
      startedAt: clock.t,
    });
    const types = () => seen.map((e) => e.type);

    await alerts.running(s.id);
    expect(types()).toEqual([]);
    // One incident: the first failure is told; the retries are counted, not sent.
    await alerts.failed(s.id, "x", false);
    clock.t += 60_000;
    await alerts.failed(s.id, "x", false);
    clock.t += 11 * 60_000;
    await alerts.failed(s.id, "x", false);
    expect(types()).toEqual(["stream.failed"]);
    // Three within 10 minutes: "restarting repeatedly", once; a stall, once.
    await alerts.failed(s.id, "x", true);
    await alerts.failed(s.id, "x", true);
    await alerts.failed(s.id, "x", false);
    await alerts.failed(s.id, "x", false);
    expect(types()).toEqual(["stream.failed", "stream.stalled", "stream.restarting_repeatedly"]);
    // The first frame closes the incident, with its count.
    await alerts.running(s.id);
    await alerts.running(s.id);
    expect(types().filter((t) => t === "stream.recovered")).toHaveLength(1);
    expect(seen.at(-1)).toMatchObject({ type: "stream.recovered", failures: 7 });
    // A new incident is told again, and may warn again.
    for (let i = 0; i < 3; i++) await alerts.failed(s.id, "x", false);
    expect(types().filter((t) => t === "stream.failed")).toHaveLength(2);
    expect(types().filter((t) => t === "stream.restarting_repeatedly")).toHaveLength(2);
    expect(seen.at(-1)).toMatchObject({
      projectId: w.project.id,
      streamId: s.id,
      destinationId: dest.id,
      destinationName: "Steam main",
      failures: 3,
    });
    // A stream given up or stopped ends its incident untold; a later failure opens a new one.
    alerts.ended(s.id);
    await alerts.running(s.id);
    expect(types().filter((t) => t === "stream.recovered")).toHaveLength(1);
    await alerts.failed(s.id, "x", false);
    expect(types().filter((t) => t === "stream.failed")).toHaveLength(3);
  });
});

test("event messages name no ingest address and no file path, whatever the caller passes", async () => {
  const w = await streamingWorld();
  const seen: ConsoleEvent[] = [];
  w.deps.events.on((e) => seen.push(e));
  const alerts = new StreamAlerts({ db: w.deps.db, now: w.deps.now, events: w.deps.events });
  const destination = await w.asDev.streaming.createDestination({
    name: "Relay",
    type: "custom",
    rtmp_url: "rtmp://127.0.0.1:1/live",
    stream_key: "k",
    autorestart: false,
    project_id: w.project.id,
  });
  const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
  const dest = (await w.deps.db.select().from(destinations).where(eq(destinations.id, destination.id)))[0]!;
  const m = (await w.deps.db.select().from(mediaFiles).where(eq(mediaFiles.id, media.id)))[0]!;
  const s = await insertStarting(w.deps.db, {
    destination: dest,
    media: m,
    startedBy: null,
    startedAt: w.deps.now(),
  });
  await alerts.failed(
    s.id,
    "Connection to tcp://127.0.0.1:29398?tcp_nodelay=0 failed; input /srv/a.mp4",
    false,
  );
  expect(seen[0]?.message).toBe("Connection to [ingest] failed; input [file]");
});
