import { afterEach, describe, expect, test } from "bun:test";
import { historyOf } from "@server/features/streaming/store-page/state-store";
import { projects } from "@server/platform/db/schema";
import { STEAM_MAX_IN_FLIGHT, steamGate } from "@server/platform/net/steam-gate";
import { STORE_PAGE } from "@shared/messages/store-page";
import { eq } from "drizzle-orm";
import { waitUntil } from "../../../support/wait";
import { ACCOUNT, APP_ID, KEY, OTHER_APP, STEAM_ID, storePageWorld } from "./store-page-fixtures";

// The watcher as the supervisor drives it (running / runEnded / streamEnded), against the fake Steam
// with timings in tens of milliseconds: every state, the switch to another game while live, the one
// request per account, the backoff, and what is recorded and told on each change.

type World = Awaited<ReturnType<typeof storePageWorld>>;
const worlds: World[] = [];
const world = async (...args: Parameters<typeof storePageWorld>) => {
  const w = await storePageWorld(...args);
  worlds.push(w);
  return w;
};
afterEach(async () => {
  for (const w of worlds.splice(0)) await w.watcher.close();
});

/** Tells the watcher a run started and waits until it follows it (its reads and writes done). */
const running = async (w: World, streamId: number, at = Date.now()) => {
  w.watcher.running(streamId, at);
  await w.watcher.settled();
};
const runEnded = async (w: World, streamId: number) => {
  w.watcher.runEnded(streamId);
  await w.watcher.settled();
};
const streamEnded = async (w: World, streamId: number) => {
  w.watcher.streamEnded(streamId);
  await w.watcher.settled();
};

/** The stream's recorded history, once the watcher has written what it decided so far. */
const recorded = async (w: World, streamId: number) => {
  await w.watcher.settled();
  return historyOf(w.deps.db, streamId);
};

const stateOf = (w: World, destinationId: number) => w.watcher.ofDestination(destinationId)?.current;

describe("store-page states of a running stream", () => {
  test("pushed, then on the store page, then another game's page while live, then not shown", async () => {
    const w = await world({ notShownMs: 400 });
    const dest = await w.destination();
    const stream = await w.runningStream(dest.id);
    await running(w, stream.id, w.deps.now());
    expect(stateOf(w, dest.id)?.state).toBe("pushed");

    w.fake.broadcasts.set(STEAM_ID, { online: true, appId: APP_ID, appTitle: "Starfall Outpost" });
    await waitUntil(() => stateOf(w, dest.id)?.state === "on_store_page", 2000, "on the store page");

    // The account starts playing another game: Steam moves the broadcast to that game's page.
    w.fake.broadcasts.set(STEAM_ID, { online: true, appId: OTHER_APP.id, appTitle: OTHER_APP.title });
    await waitUntil(() => stateOf(w, dest.id)?.state === "other_app", 2000, "another game's page");
    expect(stateOf(w, dest.id)).toMatchObject({
      appId: OTHER_APP.id,
      appTitle: OTHER_APP.title,
      reason: STORE_PAGE.shownElsewhere(OTHER_APP.title),
    });

    // Steam stops showing it: Pushed again for two minutes' worth, then Not shown.
    w.fake.broadcasts.set(STEAM_ID, { online: false });
    await waitUntil(() => stateOf(w, dest.id)?.state === "pushed", 2000, "pushed again");
    await waitUntil(() => stateOf(w, dest.id)?.state === "not_shown", 3000, "not shown");

    const history = (await recorded(w, stream.id)).map((r) => [r.state, r.appId]);
    expect(history).toEqual([
      ["pushed", null],
      ["on_store_page", APP_ID],
      ["other_app", OTHER_APP.id],
      ["pushed", null],
      ["not_shown", null],
    ]);
    // Each row ends where the next begins; the last stays open while the stream runs.
    const rows = await recorded(w, stream.id);
    for (let i = 0; i + 1 < rows.length; i++) expect(rows[i]!.endedAt).toBe(rows[i + 1]!.startedAt);
    expect(rows.at(-1)!.endedAt).toBeNull();

    // One webhook event per change into a told state, never one per poll.
    expect(w.events.map((e) => [e.type, e.appId, e.appTitle])).toEqual([
      ["store_page.live", APP_ID, "Starfall Outpost"],
      ["store_page.wrong_app", OTHER_APP.id, OTHER_APP.title],
      ["store_page.not_shown", undefined, undefined],
    ]);
    expect(w.events.every((e) => e.streamId === stream.id && e.destinationId === dest.id)).toBe(true);

    await runEnded(w, stream.id);
    expect(w.watcher.ofDestination(dest.id)).toBeNull();
    expect((await recorded(w, stream.id)).at(-1)!.endedAt).not.toBeNull();
  });

  test("the minute and the two minutes: a slow Steam is still Pushed, then Not shown, even between polls", async () => {
    // Polls far apart: the thresholds are met by the watcher's own timer, not by a poll.
    const w = await world({ pollMs: 60_000, normalDelayMs: 100, notShownMs: 250 });
    const dest = await w.destination();
    const stream = await w.runningStream(dest.id);
    const started = Date.now();
    await running(w, stream.id, started);
    await waitUntil(() => stateOf(w, dest.id)?.checkedAt, 2000, "first answer");
    expect(stateOf(w, dest.id)).toMatchObject({ state: "pushed", reason: STORE_PAGE.waitingForSteam });
    await waitUntil(() => stateOf(w, dest.id)?.reason === STORE_PAGE.slowSteam, 2000, "slow Steam");
    expect(stateOf(w, dest.id)?.state).toBe("pushed");
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    await waitUntil(() => stateOf(w, dest.id)?.state === "not_shown", 2000, "not shown");
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(w.fake.broadcasts.asked(STEAM_ID)).toBe(1);
    // The reason changed without a new state: one history row for Pushed, one for Not shown.
    expect((await recorded(w, stream.id)).map((r) => r.state)).toEqual(["pushed", "not_shown"]);
    expect(w.events.map((e) => e.type)).toEqual(["store_page.not_shown"]);
  });

  test("two streams on keys of one Steam account cost one request per poll", async () => {
    const w = await world({ pollMs: 60_000 });
    const a = await w.destination({ key: `steam_${ACCOUNT}_first` });
    const b = await w.destination({ key: `steam_${ACCOUNT}_second` });
    const other = await w.destination({ key: "steam_777_third" });
    w.fake.broadcasts.set(STEAM_ID, { online: true, appId: APP_ID, appTitle: "Starfall Outpost" });
    const sa = await w.runningStream(a.id);
    const sb = await w.runningStream(b.id);
    const so = await w.runningStream(other.id);
    await running(w, sa.id, Date.now());
    await running(w, sb.id, Date.now());
    await running(w, so.id, Date.now());
    await waitUntil(
      () => stateOf(w, a.id)?.state === "on_store_page" && stateOf(w, b.id)?.state === "on_store_page",
      2000,
      "both on the store page",
    );
    expect(w.watcher.accounts).toBe(2);
    expect(w.fake.broadcasts.asked(STEAM_ID)).toBe(1);
    // A check asked for on one destination answers both streams of the account, with one request.
    await Promise.all([w.watcher.checkNow(a.id), w.watcher.checkNow(b.id)]);
    expect(w.fake.broadcasts.asked(STEAM_ID)).toBe(2);
    // When one stream ends the account is still asked about for the other; when both end, no more.
    await streamEnded(w, sa.id);
    expect(w.watcher.accounts).toBe(2);
    await streamEnded(w, sb.id);
    expect(w.watcher.accounts).toBe(1);
  });

  test("every poll interval one request per account, not per stream", async () => {
    const w = await world({ pollMs: 50 });
    const a = await w.destination({ key: `steam_${ACCOUNT}_first` });
    const b = await w.destination({ key: `steam_${ACCOUNT}_second` });
    await running(w, (await w.runningStream(a.id)).id);
    await running(w, (await w.runningStream(b.id)).id);
    const started = Date.now();
    await waitUntil(() => w.fake.broadcasts.asked(STEAM_ID) >= 6, 3000, "six polls");
    const elapsed = Date.now() - started;
    // Two streams polled apart would have asked about twice as often as the interval allows.
    expect(w.fake.broadcasts.asked(STEAM_ID)).toBeLessThanOrEqual(Math.floor(elapsed / 50) + 2);
  });

  test("errors back off (60, 120, 240 ms here; 30 s … 5 min by default) and read Unknown; recovery resumes", async () => {
    const w = await world({ pollMs: 30, backoffMs: [60, 120, 240] });
    const dest = await w.destination();
    const stream = await w.runningStream(dest.id);
    w.fake.fault({ path: "/broadcast/getbroadcastinfo/", status: 503, body: "busy", times: 4 });
    await running(w, stream.id, Date.now());
    await waitUntil(() => w.asks.length >= 4, 3000, "four failed checks");
    expect(stateOf(w, dest.id)).toMatchObject({ state: "unknown", reason: STORE_PAGE.checkFailed });
    w.fake.broadcasts.set(STEAM_ID, { online: true, appId: APP_ID, appTitle: "Starfall Outpost" });
    await waitUntil(() => stateOf(w, dest.id)?.state === "on_store_page", 3000, "back on the store page");
    await waitUntil(() => w.asks.length >= 7, 3000, "polls after the recovery");
    const gaps = w.asks.slice(1).map((t, i) => t - w.asks[i]!);
    // Timers never fire early (a millisecond of rounding allowed); each failure waits longer.
    expect(gaps[0]).toBeGreaterThanOrEqual(59);
    expect(gaps[1]).toBeGreaterThanOrEqual(119);
    expect(gaps[2]).toBeGreaterThanOrEqual(239);
    // Back to the normal interval once Steam answers: well under the last backoff.
    expect(Math.min(gaps[4]!, gaps[5]!)).toBeLessThan(200);
    expect((await recorded(w, stream.id)).map((r) => r.state)).toEqual([
      "pushed",
      "unknown",
      "on_store_page",
    ]);
  });

  test("a key not in Steam's form, or a project without an app id: Unknown with a reason, Steam never asked", async () => {
    const w = await world();
    const badKey = await w.destination({ key: "live_8f2c0" });
    const s1 = await w.runningStream(badKey.id);
    await running(w, s1.id, Date.now());
    expect(stateOf(w, badKey.id)).toMatchObject({ state: "unknown", reason: STORE_PAGE.keyNotSteam });

    await w.deps.db.update(projects).set({ steamAppId: null }).where(eq(projects.id, w.project.id));
    const noApp = await w.destination({ key: KEY });
    const s2 = await w.runningStream(noApp.id);
    await running(w, s2.id, Date.now());
    expect(stateOf(w, noApp.id)).toMatchObject({ state: "unknown", reason: STORE_PAGE.noAppId });
    expect(w.fake.calls("getbroadcastinfo")).toHaveLength(0);
    expect(w.watcher.accounts).toBe(0);
  });

  test("a custom destination is not followed", async () => {
    const w = await world();
    const custom = await w.destination({ type: "custom" });
    await running(w, (await w.runningStream(custom.id)).id);
    expect(w.watcher.ofDestination(custom.id)).toBeNull();
    expect(w.fake.calls("getbroadcastinfo")).toHaveLength(0);
  });
});

describe("told faster than the database answers", () => {
  test("a run that ends as soon as it starts is recorded in order: its state opened, then closed", async () => {
    const w = await world({ pollMs: 60_000 });
    const dest = await w.destination();
    const stream = await w.runningStream(dest.id);
    // Told back to back, as the supervisor does for a run that fails at once: no wait in between.
    w.watcher.running(stream.id, Date.now());
    w.watcher.runEnded(stream.id);
    await w.watcher.settled();
    expect(w.watcher.ofDestination(dest.id)).toBeNull();
    const rows = await recorded(w, stream.id);
    expect(rows.map((r) => r.state)).toEqual(["pushed"]);
    expect(rows[0]!.endedAt).not.toBeNull();
  });
});

describe("reconnects", () => {
  test("a run that reconnects onto the same page is recorded, but not told again", async () => {
    const w = await world({ pollMs: 60_000 });
    const dest = await w.destination();
    const stream = await w.runningStream(dest.id);
    w.fake.broadcasts.set(STEAM_ID, { online: true, appId: APP_ID, appTitle: "Starfall Outpost" });
    await running(w, stream.id, Date.now());
    await waitUntil(() => stateOf(w, dest.id)?.state === "on_store_page", 2000, "on the store page");
    // A planned reconnect: the run ends and the next starts at once, from the account's last answer.
    await runEnded(w, stream.id);
    await running(w, stream.id, Date.now());
    expect(stateOf(w, dest.id)?.state).toBe("on_store_page");
    expect(w.fake.broadcasts.asked(STEAM_ID)).toBe(1);
    await runEnded(w, stream.id);
    expect(w.events.filter((e) => e.type === "store_page.live")).toHaveLength(1);
    const rows = await recorded(w, stream.id);
    expect(rows.map((r) => r.state)).toEqual(["pushed", "on_store_page", "on_store_page"]);
    expect(rows.every((r) => r.endedAt !== null)).toBe(true);
  });

  test("a restart whose account was let go goes Pushed, then On the store page, still told once", async () => {
    const w = await world({ pollMs: 30 });
    const dest = await w.destination();
    const stream = await w.runningStream(dest.id);
    w.fake.broadcasts.set(STEAM_ID, { online: true, appId: APP_ID, appTitle: "Starfall Outpost" });
    await running(w, stream.id, Date.now());
    await waitUntil(() => stateOf(w, dest.id)?.state === "on_store_page", 2000, "on the store page");
    await runEnded(w, stream.id);
    await waitUntil(() => w.watcher.accounts === 0, 2000, "the account let go");
    await running(w, stream.id, Date.now());
    expect(stateOf(w, dest.id)?.state).toBe("pushed");
    await waitUntil(() => stateOf(w, dest.id)?.state === "on_store_page", 2000, "on the page again");
    expect(w.events.filter((e) => e.type === "store_page.live")).toHaveLength(1);
    // Once the stream itself ends, a new start of it is a new story: told again.
    await streamEnded(w, stream.id);
    await running(w, stream.id, Date.now());
    await waitUntil(() => w.events.filter((e) => e.type === "store_page.live").length === 2, 2000, "told");
  });
});

describe("the store-page checks and Steam's one limit on calls in flight", () => {
  test("a check waits while every slot is taken by other Steam calls, and goes once one frees", async () => {
    const w = await world();
    const dest = await w.destination();
    const stream = await w.runningStream(dest.id);
    // Other Steam clients (samplers, a sync) hold every slot.
    const release: (() => void)[] = [];
    const holders = Array.from({ length: STEAM_MAX_IN_FLIGHT }, () =>
      steamGate.run(() => new Promise<void>((resolve) => release.push(resolve))),
    );
    await waitUntil(() => release.length === STEAM_MAX_IN_FLIGHT, 2000, "every slot taken");
    w.watcher.running(stream.id, w.deps.now());
    // The first check queues for a slot, and nothing reaches Steam meanwhile.
    const asked = w.asks.length;
    await waitUntil(() => steamGate.queued === 1, 2000, "the check waiting for a slot");
    expect(w.asks.length).toBe(asked);
    release.shift()!();
    await waitUntil(() => w.asks.length > asked, 2000, "the check once a slot freed");
    for (const r of release.splice(0)) r();
    await Promise.all(holders);
  });
});
