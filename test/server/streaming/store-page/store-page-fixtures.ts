import type { AppDeps } from "@server/deps";
import type { StorePageTimings } from "@server/features/streaming/store-page/verdict";
import { StorePageWatcher } from "@server/features/streaming/store-page/watcher";
import { destinations, projects, streams } from "@server/platform/db/schema";
import type { ConsoleEvent } from "@server/platform/events/bus";
import { eq } from "drizzle-orm";
import { createSteamFake } from "../../../fakes/steam/fake";
import { makeOrg, makeProject, testDeps } from "../../../support/server";

// A database with a project (Steam app 2456740) and a store-page watcher asking the fake Steam
// directly (no network, no msw), with timings in tens of milliseconds so the rules play out fast.

export const APP_ID = 2456740;
export const OTHER_APP = { id: 1987650, title: "Hollow Lantern" };
/** steam_<accountid>_… → SteamID64 = 76561197960265728 + accountid */
export const ACCOUNT = 123456;
export const STEAM_ID = (76561197960265728n + BigInt(ACCOUNT)).toString();
export const KEY = `steam_${ACCOUNT}_a1b2c3d4`;

export const FAST: StorePageTimings = {
  pollMs: 40,
  backoffMs: [60, 120, 240],
  normalDelayMs: 150,
  notShownMs: 300,
};

export async function storePageWorld(timings: Partial<StorePageTimings> = {}, deps: AppDeps = testDeps()) {
  const fake = createSteamFake();
  const org = await makeOrg(deps);
  const project = await makeProject(deps, { orgId: org.id });
  await deps.db.update(projects).set({ steamAppId: APP_ID }).where(eq(projects.id, project.id));
  const events: ConsoleEvent[] = [];
  deps.events.on((e) => events.push(e));
  const logged: string[] = [];
  /** When each request to getbroadcastinfo was sent. */
  const asks: number[] = [];
  const watcher = new StorePageWatcher({
    db: deps.db,
    now: deps.now,
    communityBase: "https://steamcommunity.com",
    events: deps.events,
    log: (line) => logged.push(line),
    fetch: async (input) => {
      asks.push(performance.now());
      return fake.handle(new Request(input));
    },
    timings: { ...FAST, ...timings },
  });
  deps.storePage = watcher;

  async function destination(opts: { key?: string; type?: "steam" | "custom"; projectId?: number } = {}) {
    const [row] = await deps.db
      .insert(destinations)
      .values({
        projectId: opts.projectId ?? project.id,
        name: `Store page ${Math.random().toString(36).slice(2, 6)}`,
        type: opts.type ?? "steam",
        rtmpUrl: "rtmp://127.0.0.1/live",
        streamKey: opts.key ?? KEY,
      })
      .returning();
    return row!;
  }

  /** A stream row recorded as running on the destination (the supervisor's part, without ffmpeg). */
  async function runningStream(destinationId: number, projectId = project.id) {
    const [row] = await deps.db
      .insert(streams)
      .values({
        projectId,
        destinationId,
        mediaName: "trailer.mp4",
        destinationName: "Steam",
        destinationType: "steam",
        status: "running",
      })
      .returning();
    return row!;
  }

  return { deps, fake, org, project, events, logged, asks, watcher, destination, runningStream };
}
