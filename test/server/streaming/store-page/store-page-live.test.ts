import { afterAll, describe, expect, test } from "bun:test";
import { Supervisor } from "@server/features/streaming/supervisor";
import { streams } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { type NginxRtmp, startNginxRtmp } from "../../../fakes/nginx-rtmp";
import { steamReadyMp4 } from "../../../support/media";
import { makeUser, testDeps } from "../../../support/server";
import { waitUntil } from "../../../support/wait";
import { addVideo, FAST_TIMINGS, signedInCaller } from "../streaming-fixtures";
import { APP_ID, KEY, STEAM_ID, storePageWorld } from "./store-page-fixtures";

// Real ffmpeg publishing to nginx-rtmp through the supervisor, with the store-page check told of the
// runs: the check follows the run into the uptime record, and a check that fails in every way it can
// (Steam down, an answer it cannot read, a webhook listener that throws, its own code throwing) leaves
// the stream publishing, with no failure, restart or error recorded.

const ingests: NginxRtmp[] = [];
const supervisors: Supervisor[] = [];
afterAll(async () => {
  await Promise.all(supervisors.map((s) => s.shutdown()));
  await Promise.all(ingests.map((i) => i.stop()));
}, 30_000);

async function liveWorld() {
  const ingest = await startNginxRtmp();
  ingests.push(ingest);
  const w = await storePageWorld({ pollMs: 50, backoffMs: [50], notShownMs: 100_000 }, testDeps());
  const supervisor = new Supervisor({
    db: w.deps.db,
    env: w.deps.env,
    now: w.deps.now,
    timings: FAST_TIMINGS,
    events: w.deps.events,
    resolve: w.deps.resolve,
    runListeners: [w.watcher],
  });
  supervisors.push(supervisor);
  w.deps.supervisor = supervisor;
  const dev = await makeUser(w.deps, { role: "developer", orgId: w.org.id });
  const asDev = await signedInCaller(w.deps, dev.id);
  const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
  const dest = await asDev.streaming.createDestination({
    name: "Store page",
    type: "steam",
    rtmp_url: ingest.rtmpUrl,
    stream_key: KEY,
    autorestart: true,
    project_id: w.project.id,
  });
  return { ...w, ingest, supervisor, asDev, media, dest };
}

describe("the store-page check beside a real stream", () => {
  test("on the store page while publishing; the uptime counts that time apart from pushed time", async () => {
    const w = await liveWorld();
    w.fake.broadcasts.set(STEAM_ID, (asked) =>
      // Steam takes a few checks to show the stream, as it takes 5-40 s after the connect.
      asked < 4 ? { online: false } : { online: true, appId: APP_ID, appTitle: "Starfall Outpost" },
    );
    const stream = await w.asDev.streaming.start({ destinationId: w.dest.id, mediaId: w.media.id });
    await waitUntil(
      () => w.watcher.ofDestination(w.dest.id)?.current.state === "on_store_page",
      20_000,
      "on page",
    );
    const card = (await w.asDev.streaming.destinations({ projectId: w.project.id })).find(
      (d) => d.id === w.dest.id,
    );
    expect(card?.store_page).toMatchObject({ state: "on_store_page", stream_id: stream.id, app_id: APP_ID });
    // Some store-page time, then stop: the uptime splits live time into the two.
    const onPageSince = Date.now();
    await waitUntil(() => Date.now() - onPageSince >= 1500, 5000, "time on the page");
    await w.asDev.streaming.stop({ streamId: stream.id });
    // The run's end is recorded in turn with what the watcher heard before it.
    await w.watcher.settled();
    expect(w.watcher.ofDestination(w.dest.id)).toBeNull();
    const uptime = await w.asDev.health.uptime({ destinationId: w.dest.id, days: 1 });
    expect(uptime.store_page_seconds).toBeGreaterThanOrEqual(1);
    expect(uptime.store_page_seconds + uptime.pushed_seconds).toBe(uptime.live_seconds);
    expect(uptime.pushed_seconds).toBeGreaterThanOrEqual(0);
    const history = await w.asDev.streaming.storePageHistory({ streamId: stream.id });
    expect(history.map((h) => h.state)).toEqual(["pushed", "on_store_page"]);
    expect(history.every((h) => h.ended_at !== null)).toBe(true);
  }, 60_000);

  test("a check that fails every way leaves the stream alone", async () => {
    const w = await liveWorld();
    // Steam down, then an answer the check cannot read, then Steam down again, for good.
    w.fake.fault({ path: "/broadcast/getbroadcastinfo/", status: 500, times: 3 });
    w.fake.fault({
      path: "/broadcast/getbroadcastinfo/",
      status: 200,
      body: "<html>maintenance</html>",
      times: 3,
    });
    w.fake.fault({ path: "/broadcast/getbroadcastinfo/", status: 0, networkError: true, times: 1000 });
    // A webhook listener that throws on every store-page event.
    w.deps.events.on((e) => {
      if (e.type.startsWith("store_page.")) throw new Error("listener broke");
    });
    const stream = await w.asDev.streaming.start({ destinationId: w.dest.id, mediaId: w.media.id });
    await waitUntil(() => w.watcher.ofDestination(w.dest.id)?.current.state === "unknown", 20_000, "unknown");
    await waitUntil(() => w.asks.length >= 8, 20_000, "checks failing for a while");
    const row = async () => (await w.deps.db.select().from(streams).where(eq(streams.id, stream.id)))[0]!;
    expect((await row()).status).toBe("running");
    expect((await row()).errorCount).toBe(0);
    expect((await row()).lastErrorMessage).toBeNull();
    // The check's own code failing (its database read breaks) is caught and logged as well.
    const original = w.watcher.ofDestination.bind(w.watcher);
    const figures = w.supervisor.live(stream.id);
    expect(figures).not.toBeNull();
    (w.watcher as unknown as { evaluate: () => void }).evaluate = () => {
      throw new Error("check code broke");
    };
    await waitUntil(() => w.logged.some((l) => l.includes("check code broke")), 5000, "the break logged");
    expect(original(w.dest.id)).not.toBeNull();
    expect(await row()).toMatchObject({ status: "running", errorCount: 0 });
    expect((await w.ingest.flowing()).size).toBe(1);
    await w.asDev.streaming.stop({ streamId: stream.id });
  }, 60_000);
});
