import { afterAll, beforeAll, expect, test } from "bun:test";
import { Scheduler } from "@server/features/schedules/scheduler";
import { type NginxRtmp, startNginxRtmp } from "../../fakes/nginx-rtmp";
import { testDeps } from "../../support/server";
import { waitUntil } from "../../support/wait";
import { schedulerWorld } from "./scheduler-fixtures";

// The scheduler on the real clock and its real one-second timer: a window two seconds ahead starts
// and ends on its own, seen from nginx-rtmp's publish notifications.

let nginx: NginxRtmp;
beforeAll(async () => {
  nginx = await startNginxRtmp();
}, 30_000);
afterAll(async () => {
  await nginx.stop();
});

test("a one-off window starts and stops its stream on its own, each within 5 s of its bounds", async () => {
  const w = await schedulerWorld(testDeps(), nginx.rtmpUrl);
  const d = await w.destination();
  const startsAt = Date.now() + 2000;
  const endsAt = startsAt + 4000;
  await (await w.asDev()).schedules.create({
    destination_id: d.id,
    starts_at: new Date(startsAt).toISOString(),
    ends_at: new Date(endsAt).toISOString(),
    media_id: w.media.id,
  });
  const scheduler = new Scheduler(w.deps);
  scheduler.start();
  try {
    const publish = await waitUntil(
      () => nginx.events.find((e) => e.key === d.streamKey && e.call === "publish"),
      startsAt + 5000 - Date.now(),
      "the scheduled publish",
    );
    expect(publish.at).toBeGreaterThanOrEqual(startsAt);
    const done = await waitUntil(
      () => nginx.events.find((e) => e.key === d.streamKey && e.call === "publish_done"),
      endsAt + 5000 - Date.now(),
      "the scheduled unpublish",
    );
    expect(done.at).toBeGreaterThanOrEqual(endsAt);
    expect(done.at - endsAt).toBeLessThan(5000);
    // The end is told once the stop is recorded, which may be just after nginx saw the unpublish.
    await waitUntil(() => w.events.length === 2, 5000, "the schedule.ended event");
    expect(w.events.map((e) => e.type)).toEqual(["schedule.started", "schedule.ended"]);
  } finally {
    await scheduler.stop();
  }
}, 30_000);
