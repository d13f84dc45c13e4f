import { afterEach, describe, expect, test } from "bun:test";
import { historyOf } from "@server/features/streaming/store-page/state-store";
import { projects } from "@server/platform/db/schema";
import { STORE_PAGE } from "@shared/messages/store-page";
import { eq } from "drizzle-orm";
import { waitUntil } from "../../../support/wait";
import { ACCOUNT, APP_ID, KEY, OTHER_APP, STEAM_ID, storePageWorld } from "./store-page-fixtures";

// The watcher as the supervisor drives it (running / runEnded / streamEnded), against the fake Steam
// with timings in tens of milliseconds: every state, the switch to another game while live, the one
// request per account, the backoff, and what is recorded and told on each change.

const worlds: ReturnType<typeof storePageWorld>[] = [];
const world = (...args: Parameters<typeof storePageWorld>) => {
  const w = storePageWorld(...args);
  worlds.push(w);
  return w;
};
afterEach(() => {
  for (const w of worlds.splice(0)) w.watcher.close();
});

const stateOf = (w: ReturnType<typeof storePageWorld>, destinationId: number) =>
  w.watcher.ofDestination(destinationId)?.current;

describe("store-page states of a running stream", () => {
  test("pushed, then on the store page, then another game's page while live, then not shown", async () => {
    const w = world({ notShownMs: 400 });
    const dest = w.destination();
    const stream = w.runningStream(dest.id);
    w.watcher.running(stream.id, w.deps.now());
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

    const history = historyOf(w.deps.db, stream.id).map((r) => [r.state, r.appId]);
    expect(history).toEqual([
      ["pushed", null],
      ["on_store_page", APP_ID],
      ["other_app", OTHER_APP.id],
      ["pushed", null],
      ["not_shown", null],
    ]);
    // Each row ends where the next begins; the last stays open while the stream runs.
    const rows = historyOf(w.deps.db, stream.id);
    for (let i = 0; i + 1 < rows.length; i++) expect(rows[i]!.endedAt).toBe(rows[i + 1]!.startedAt);
    expect(rows.at(-1)!.endedAt).toBeNull();

    // One webhook event per change into a told state, never one per poll.
    expect(w.events.map((e) => [e.type, e.appId, e.appTitle])).toEqual([
      ["store_page.live", APP_ID, "Starfall Outpost"],
      ["store_page.wrong_app", OTHER_APP.id, OTHER_APP.title],
      ["store_page.not_shown", undefined, undefined],
    ]);
    expect(w.events.every((e) => e.streamId === stream.id && e.destinationId === dest.id)).toBe(true);

    w.watcher.runEnded(stream.id);
    expect(w.watcher.ofDestination(dest.id)).toBeNull();
    expect(historyOf(w.deps.db, stream.id).at(-1)!.endedAt).not.toBeNull();
  });

  test("the minute and the two minutes: a slow Steam is still Pushed, then Not shown, even between polls", async () => {
    // Polls far apart: the thresholds are met by the watcher's own timer, not by a poll.
    const w = world({ pollMs: 60_000, normalDelayMs: 100, notShownMs: 250 });
    const dest = w.destination();
    const stream = w.runningStream(dest.id);
    const started = Date.now();
    w.watcher.running(stream.id, started);
    await waitUntil(() => stateOf(w, dest.id)?.checkedAt, 2000, "first answer");
    expect(stateOf(w, dest.id)).toMatchObject({ state: "pushed", reason: STORE_PAGE.waitingForSteam });
    await waitUntil(() => stateOf(w, dest.id)?.reason === STORE_PAGE.slowSteam, 2000, "slow Steam");
    expect(stateOf(w, dest.id)?.state).toBe("pushed");
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    await waitUntil(() => stateOf(w, dest.id)?.state === "not_shown", 2000, "not shown");
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(w.fake.broadcasts.asked(STEAM_ID)).toBe(1);
    // The reason changed without a new state: one history row for Pushed, one for Not shown.
    expect(historyOf(w.deps.db, stream.id).map((r) => r.state)).toEqual(["pushed", "not_shown"]);
    expect(w.events.map((e) => e.type)).toEqual(["store_page.not_shown"]);
  });

  test("two streams on keys of one Steam account cost one request per poll", async () => {
    const w = world({ pollMs: 60_000 });
    const a = w.destination({ key: `steam_${ACCOUNT}_first` });
    const b = w.destination({ key: `steam_${ACCOUNT}_second` });
    const other = w.destination({ key: "steam_777_third" });
    w.fake.broadcasts.set(STEAM_ID, { online: true, appId: APP_ID, appTitle: "Starfall Outpost" });
    const sa = w.runningStream(a.id);
    const sb = w.runningStream(b.id);
    const so = w.runningStream(other.id);
    w.watcher.running(sa.id, Date.now());
    w.watcher.running(sb.id, Date.now());
    w.watcher.running(so.id, Date.now());
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
    w.watcher.streamEnded(sa.id);
    expect(w.watcher.accounts).toBe(2);
    w.watcher.streamEnded(sb.id);
    expect(w.watcher.accounts).toBe(1);
  });

  test("every poll interval one request per account, not per stream", async () => {
    const w = world({ pollMs: 50 });
    const a = w.destination({ key: `steam_${ACCOUNT}_first` });
    const b = w.destination({ key: `steam_${ACCOUNT}_second` });
    w.watcher.running(w.runningStream(a.id).id, Date.now());
    w.watcher.running(w.runningStream(b.id).id, Date.now());
    const started = Date.now();
    await waitUntil(() => w.fake.broadcasts.asked(STEAM_ID) >= 6, 3000, "six polls");
    const elapsed = Date.now() - started;
    // Two streams polled apart would have asked about twice as often as the interval allows.
    expect(w.fake.broadcasts.asked(STEAM_ID)).toBeLessThanOrEqual(Math.floor(elapsed / 50) + 2);
  });

  test("errors back off (60, 120, 240 ms here; 30 s … 5 min by default) and read Unknown; recovery resumes", async () => {
    const w = world({ pollMs: 30, backoffMs: [60, 120, 240] });
    const dest = w.destination();
    const stream = w.runningStream(dest.id);
    w.fake.fault({ path: "/broadcast/getbroadcastinfo/", status: 503, body: "busy", times: 4 });
    w.watcher.running(stream.id, Date.now());
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
    expect(historyOf(w.deps.db, stream.id).map((r) => r.state)).toEqual([
      "pushed",
      "unknown",
      "on_store_page",
    ]);
  });

  test("a key not in Steam's form, or a project without an app id: Unknown with a reason, Steam never asked", () => {
    const w = world();
    const badKey = w.destination({ key: "live_8f2c0" });
    const s1 = w.runningStream(badKey.id);
    w.watcher.running(s1.id, Date.now());
    expect(stateOf(w, badKey.id)).toMatchObject({ state: "unknown", reason: STORE_PAGE.keyNotSteam });

    w.deps.db.update(projects).set({ steamAppId: null }).where(eq(projects.id, w.project.id)).run();
    const noApp = w.destination({ key: KEY });
    const s2 = w.runningStream(noApp.id);
    w.watcher.running(s2.id, Date.now());
    expect(stateOf(w, noApp.id)).toMatchObject({ state: "unknown", reason: STORE_PAGE.noAppId });
    expect(w.fake.calls("getbroadcastinfo")).toHaveLength(0);
    expect(w.watcher.accounts).toBe(0);
  });

  test("a custom destination is not followed", () => {
    const w = world();
    const custom = w.destination({ type: "custom" });
    w.watcher.running(w.runningStream(custom.id).id, Date.now());
    expect(w.watcher.ofDestination(custom.id)).toBeNull();
    expect(w.fake.calls("getbroadcastinfo")).toHaveLength(0);
  });
});

describe("reconnects", () => {
  test("a run that reconnects onto the same page is recorded, but not told again", async () => {
    const w = world({ pollMs: 60_000 });
    const dest = w.destination();
    const stream = w.runningStream(dest.id);
    w.fake.broadcasts.set(STEAM_ID, { online: true, appId: APP_ID, appTitle: "Starfall Outpost" });
    w.watcher.running(stream.id, Date.now());
    await waitUntil(() => stateOf(w, dest.id)?.state === "on_store_page", 2000, "on the store page");
    // A planned reconnect: the run ends and the next starts at once, from the account's last answer.
    w.watcher.runEnded(stream.id);
    w.watcher.running(stream.id, Date.now());
    expect(stateOf(w, dest.id)?.state).toBe("on_store_page");
    expect(w.fake.broadcasts.asked(STEAM_ID)).toBe(1);
    w.watcher.runEnded(stream.id);
    expect(w.events.filter((e) => e.type === "store_page.live")).toHaveLength(1);
    const rows = historyOf(w.deps.db, stream.id);
    expect(rows.map((r) => r.state)).toEqual(["pushed", "on_store_page", "on_store_page"]);
    expect(rows.every((r) => r.endedAt !== null)).toBe(true);
  });

  test("a restart whose account was let go goes Pushed, then On the store page, still told once", async () => {
    const w = world({ pollMs: 30 });
    const dest = w.destination();
    const stream = w.runningStream(dest.id);
    w.fake.broadcasts.set(STEAM_ID, { online: true, appId: APP_ID, appTitle: "Starfall Outpost" });
    w.watcher.running(stream.id, Date.now());
    await waitUntil(() => stateOf(w, dest.id)?.state === "on_store_page", 2000, "on the store page");
    w.watcher.runEnded(stream.id);
    await waitUntil(() => w.watcher.accounts === 0, 2000, "the account let go");
    w.watcher.running(stream.id, Date.now());
    expect(stateOf(w, dest.id)?.state).toBe("pushed");
    await waitUntil(() => stateOf(w, dest.id)?.state === "on_store_page", 2000, "on the page again");
    expect(w.events.filter((e) => e.type === "store_page.live")).toHaveLength(1);
    // Once the stream itself ends, a new start of it is a new story: told again.
    w.watcher.streamEnded(stream.id);
    w.watcher.running(stream.id, Date.now());
    await waitUntil(() => w.events.filter((e) => e.type === "store_page.live").length === 2, 2000, "told");
  });
});
