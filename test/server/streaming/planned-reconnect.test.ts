import { afterEach, describe, expect, test } from "bun:test";
import { runSpan } from "@server/features/streaming/stream-run";
import { destinations, liveRuns, streams } from "@server/platform/db/schema";
import { STREAMING } from "@shared/messages/streaming";
import { asc, eq } from "drizzle-orm";
import { startNginxRtmp } from "../../fakes/nginx-rtmp";
import { waitFor } from "../../fakes/rtmp-receiver";
import { steamReadyMp4 } from "../../support/media";
import { packetTimes } from "../../support/recording-check";
import { makeOrg, makeProject, makeUser, TEST_PASSWORD, testApp } from "../../support/server";
import { hookedStreamingWorld } from "./hooked-world";
import { addVideo, FAST_TIMINGS, streamingWorld } from "./streaming-fixtures";

// FLV timestamps wrap at 2^31 ms. With real ffmpeg and nginx-rtmp, a stream whose output starts just
// before that limit reconnects on purpose before reaching it: no failure, no webhook, a short gap.

const WRAP_MS = 2 ** 31;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("planned reconnects", () => {
  test("a run ends before 2^31 ms of output and the next starts at once, not as a failure", async () => {
    // Output starts 8 s before the wrap, the limit 0.5 s before it: a 7.5 s span, room for two whole
    // plays of the 3 s clip, so each run ends at the seam after 6 s, not at the time bound.
    const timings = { outputTsOffsetMs: WRAP_MS - 8000, tsLimitMs: WRAP_MS - 500 };
    const ingest = await startNginxRtmp({ record: true });
    cleanups.push(() => ingest.stop());
    const { w, logs, hooks, delivery } = await hookedStreamingWorld({
      cleanups,
      timings,
      events: ["stream.failed", "stream.stalled", "stream.recovered"],
    });
    const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(3), { durationSeconds: 3 });
    const dest = await w.asDev.streaming.createDestination({
      name: "Ingest",
      type: "custom",
      rtmp_url: ingest.rtmpUrl,
      stream_key: "live_KEY",
      autorestart: true,
      project_id: w.project.id,
    });
    const s = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    const row = async () => (await w.deps.db.select().from(streams).where(eq(streams.id, s.id)))[0]!;

    await waitFor(async () => (await row()).plannedReconnects >= 2, 30_000, "two planned reconnects");
    const publishes = () => ingest.events.filter((e) => e.call === "publish");
    await waitFor(() => publishes().length >= 3, 5000, "the third run to publish");
    expect(await row()).toMatchObject({ errorCount: 0, lastErrorMessage: null });

    const dones = ingest.events.filter((e) => e.call === "publish_done");
    // nginx hears the next publish under 2 s after the previous one is done.
    for (let i = 0; i < 2; i++) expect(publishes()[i + 1]!.at - dones[i]!.at).toBeLessThan(2000);

    // The uptime record: consecutive runs, none ended as a failure. A run's start is its first frame as
    // ffmpeg's progress reports it (every half second or so), so the record's gap is nginx's plus up to one report.
    const runs = async () =>
      await w.deps.db.select().from(liveRuns).where(eq(liveRuns.streamId, s.id)).orderBy(asc(liveRuns.id));
    await waitFor(async () => (await runs()).length >= 3, 5000, "the third run's first frame");
    for (let i = 0; i < 2; i++)
      expect((await runs())[i + 1]!.startedAt - (await runs())[i]!.endedAt!).toBeLessThan(3000);

    // What the receiver recorded: each finished run's timestamps start at the offset and stay below
    // the wrap, never jumping back; each ends at the seam after two plays (6 s and the last audio
    // frame), not at the 7.5 s bound; the next run is a new publish, starting at the offset again.
    const finished = ingest.recordings().slice(0, 2);
    expect(finished).toHaveLength(2);
    for (const file of finished) {
      const pts = packetTimes(file);
      expect(pts.length).toBeGreaterThan(50);
      expect(Math.min(...pts)).toBeGreaterThanOrEqual(timings.outputTsOffsetMs - 100);
      expect(Math.max(...pts)).toBeLessThan(timings.outputTsOffsetMs + 6100);
      expect(Math.max(...pts)).toBeGreaterThan(timings.outputTsOffsetMs + 5800);
      expect(Math.max(...pts)).toBeLessThan(WRAP_MS);
    }

    // The history says so, apart from failures.
    const { streams: history } = await w.asViewer.streaming.status({ projectId: w.project.id });
    expect(history.find((h) => h.id === s.id)).toMatchObject({ error_count: 0, last_error_message: null });
    expect(history.find((h) => h.id === s.id)?.planned_reconnects).toBeGreaterThanOrEqual(2);

    await w.deps.supervisor.stop(s.id);
    expect(await row()).toMatchObject({ status: "stopped", errorCount: 0 });
    // Delivery is asynchronous; nothing was queued for it at all.
    await delivery.stop();
    expect(hooks.received).toHaveLength(0);
    expect(logs.some((l) => l.includes("planned reconnect"))).toBe(true);
    expect(logs.some((l) => l.includes("failed"))).toBe(false);
  }, 60_000);

  test("the span ends before the limit, or after the destination's interval when sooner", () => {
    const t = { ...FAST_TIMINGS, tsLimitMs: 24 * 24 * 3600_000, outputTsOffsetMs: 0 } as never;
    expect(runSpan(t, null, null)).toEqual({ endAfterSeconds: 24 * 24 * 3600, offsetMs: 0, loops: null });
    expect(runSpan(t, 47, null).endAfterSeconds).toBe(47 * 3600);
    expect(24 * 24 * 3600_000).toBeLessThan(WRAP_MS);
    // A 10 h file in a 47 h interval: four whole plays (-stream_loop 3), ending at a seam after 40 h.
    expect(runSpan(t, 47, 36_000).loops).toBe(3);
    // A 30 s clip: whole plays that fit in 24 days, each counted 0.1 s long.
    expect(runSpan(t, null, 30).loops).toBe(Math.floor((24 * 24 * 3600) / 30.1) - 1);
    // A file longer than the span is cut by time alone.
    expect(runSpan(t, 1, 7200).loops).toBeNull();
  });
});

describe("reconnect every N hours", () => {
  test("stored when in range; out of range refused with 400 and nothing saved", async () => {
    const w = await streamingWorld();
    const base = {
      name: "Twitch",
      type: "custom" as const,
      rtmp_url: "rtmp://127.0.0.1:1935/app",
      project_id: w.project.id,
    };
    const d = await w.asDev.streaming.createDestination({ ...base, reconnect_hours: 47 });
    expect(d.reconnect_hours).toBe(47);
    const before = await w.asDev.streaming.destinations({ projectId: w.project.id });
    for (const bad of [0, 169, 1.5])
      await expect(w.asDev.streaming.createDestination({ ...base, reconnect_hours: bad })).rejects.toThrow(
        STREAMING.reconnectHoursInvalid,
      );
    await expect(w.asDev.streaming.updateDestination({ id: d.id, reconnect_hours: 200 })).rejects.toThrow(
      STREAMING.reconnectHoursInvalid,
    );
    expect(await w.asDev.streaming.destinations({ projectId: w.project.id })).toHaveLength(before.length);
    expect(
      (await w.asDev.streaming.updateDestination({ id: d.id, reconnect_hours: null })).reconnect_hours,
    ).toBeNull();
    // Left out, it stays as it was: the existing wire is unchanged.
    const plain = await w.asDev.streaming.createDestination(base);
    expect(plain.reconnect_hours).toBeNull();
  });
});

describe("reconnect every N hours over REST", () => {
  test("out of range answers 400 JSON and saves nothing; in range is stored", async () => {
    const t = testApp();
    const org = await makeOrg(t.deps);
    const dev = await makeUser(t.deps, { orgId: org.id, role: "developer" });
    const project = await makeProject(t.deps, { orgId: org.id, createdBy: dev.id });
    const cookie = await t.signIn(dev.email, TEST_PASSWORD);
    const send = (method: string, path: string, json: unknown) => t.call(path, { method, cookie, json });
    const body = {
      name: "Twitch",
      type: "custom",
      rtmp_url: "rtmp://127.0.0.1:1935/app",
      project_id: project.id,
    };
    for (const bad of [0, 169, "47", 2.5]) {
      const res = await send("POST", "/api/destinations", { ...body, reconnect_hours: bad });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: STREAMING.reconnectHoursInvalid });
    }
    expect(await t.deps.db.select().from(destinations)).toHaveLength(0);
    const res = await send("POST", "/api/destinations", { ...body, reconnect_hours: 47 });
    expect(res.status).toBe(201);
    const made = (await res.json()) as { id: number; reconnect_hours: number };
    expect(made.reconnect_hours).toBe(47);
    const put = await send("PUT", `/api/destinations/${made.id}`, { reconnect_hours: 500 });
    expect(put.status).toBe(400);
    expect((await t.deps.db.select().from(destinations))[0]?.reconnectHours).toBe(47);
  });
});
