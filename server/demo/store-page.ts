import { existsSync, rmSync } from "node:fs";
import type { AppDeps } from "@server/deps";
import { startStreamUnattended } from "@server/features/streaming/stream-start";
import { destinations, mediaFiles, projects } from "@server/platform/db/schema";
import { type NginxRtmp, startNginxRtmp } from "@test/fakes/nginx-rtmp";
import { DEMO_APP_ID } from "@test/fakes/steam/catalog";
import type { SteamFake } from "@test/fakes/steam/fake";
import { and, asc, eq } from "drizzle-orm";

// The store-page demo: five Steam destinations of the first project stream the demo trailer to an
// nginx-rtmp on loopback (the ingest the tests use), and the demo's fake Steam answers for each
// broadcasting account so that every store-page state is on screen at once. Skipped, with a line,
// where nginx's RTMP module is not installed.

const RTMP_MODULE = "/usr/lib/nginx/modules/ngx_rtmp_module.so";
const STEAM_BASE = 76561197960265728n;
const steamIdOf = (account: number) => (STEAM_BASE + BigInt(account)).toString();

interface DemoAccount {
  name: string;
  key: string;
  /** What the fake Steam says about the key's account; null for a key not in Steam's form. */
  shows: Parameters<SteamFake["broadcasts"]["set"]>[1] | null;
}

function accounts(appId: number, appTitle: string): DemoAccount[] {
  return [
    {
      name: "Store page (main account)",
      key: "steam_90001_demo1main",
      shows: { online: true, appId, appTitle },
    },
    {
      // The account is also playing the studio's other game: Steam moves the broadcast there.
      name: "Store page (dev account)",
      key: "steam_90002_demo2dev",
      shows: { online: true, appId: 1987650, appTitle: "Hollow Lantern" },
    },
    {
      // Publishing, but the account has no broadcast rights for the app: Steam never shows it.
      name: "Store page (press account)",
      key: "steam_90003_demo3press",
      shows: { online: false },
    },
    {
      // Steam shows it once in four checks (2 minutes): between times it reads Pushed again.
      name: "Store page (new account)",
      key: "steam_90004_demo4new",
      shows: (asked) => (asked % 4 === 0 ? { online: true, appId, appTitle } : { online: false }),
    },
    {
      name: "Store page (old key)",
      key: "live_demo_old_key",
      shows: null,
    },
  ];
}

export async function startStorePageDemo(
  deps: AppDeps,
  steam: SteamFake,
  log: (line: string) => void,
): Promise<NginxRtmp | null> {
  if (!existsSync(RTMP_MODULE)) {
    log("[demo] nginx's RTMP module is not installed: the store-page demo streams are left out");
    return null;
  }
  const project = deps.db.select().from(projects).where(eq(projects.steamAppId, DEMO_APP_ID)).get();
  if (!project?.steamAppId) return null;
  const media = deps.db
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.projectId, project.id), eq(mediaFiles.kind, "video")))
    .orderBy(asc(mediaFiles.id))
    .get();
  if (!media) return null;
  const ingest = await startNginxRtmp();
  // The fake kills nginx as the process exits; its folder goes with it.
  process.once("exit", () => rmSync(ingest.prefix, { recursive: true, force: true }));
  for (const account of accounts(project.steamAppId, project.name)) {
    const match = /^steam_(\d+)_/.exec(account.key);
    if (match && account.shows) steam.broadcasts.set(steamIdOf(Number(match[1])), account.shows);
    const existing = deps.db
      .select()
      .from(destinations)
      .where(and(eq(destinations.projectId, project.id), eq(destinations.name, account.name)))
      .get();
    // The ingest's port is new at every start: the destinations follow it.
    const id = existing
      ? deps.db
          .update(destinations)
          .set({ rtmpUrl: ingest.rtmpUrl, streamKey: account.key })
          .where(eq(destinations.id, existing.id))
          .returning()
          .get().id
      : deps.db
          .insert(destinations)
          .values({
            projectId: project.id,
            name: account.name,
            type: "steam",
            rtmpUrl: ingest.rtmpUrl,
            streamKey: account.key,
            // Started afresh at every demo start (the ingest is new), so nothing is resumed.
            autorestart: false,
          })
          .returning()
          .get().id;
    try {
      startStreamUnattended(deps, { destinationId: id, startedBy: null, mediaId: media.id });
    } catch (err) {
      // Already live (resumed by the reconcile): nothing to start.
      log(`[demo] ${account.name}: ${(err as Error).message}`);
    }
  }
  log(`[demo] five store-page demo streams publish to nginx-rtmp at ${ingest.rtmpUrl}`);
  return ingest;
}
