import type { AppDeps } from "@server/deps";
import { projects, steamPlayerSamples, steamSales } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { steamTestDeps } from "../fakes/steam/deps";
import { callerFor, makeOrg, makeProject, makeUser } from "../support/server";

// Data for the analytics component tests, written straight into the server's tables so the real
// overview service computes what the screen shows.

export const DAY_MS = 86_400_000;
export const APP_ID = 620;

export async function analyticsProject(
  opts: {
    steam?: boolean;
    financial?: boolean;
    appId?: number | null;
    partnerKey?: string;
    role?: "admin" | "manager" | "developer" | "viewer";
  } = {},
) {
  // Steam calls go to the msw fake in tests that start it; the partner key is the fake's.
  const deps = steamTestDeps(opts.partnerKey === undefined ? {} : { STEAM_PARTNER_API_KEY: opts.partnerKey });
  const org = await makeOrg(deps);
  const user = await makeUser(deps, { orgId: org.id, role: opts.role ?? "manager" });
  const project = await makeProject(deps, { orgId: org.id, createdBy: user.id, name: "Portal Tests" });
  await deps.db
    .update(projects)
    .set({
      steamAppId: opts.appId === undefined ? APP_ID : opts.appId,
      steamAnalyticsEnabled: opts.steam ?? true,
      financialAnalyticsEnabled: opts.financial ?? false,
    })
    .where(eq(projects.id, project.id));
  return { deps, user, project, caller: await callerFor(deps, user.email) };
}

/** One sample per listed day: `counts[i]` players, `daysAgo[i]` days before now. */
export async function addSamples(
  deps: AppDeps,
  rows: { daysAgo: number; players: number }[],
  appId = APP_ID,
) {
  const now = Date.now();
  for (const r of rows) {
    await deps.db
      .insert(steamPlayerSamples)
      .values({ appId, sampledAt: now - r.daysAgo * DAY_MS, playerCount: r.players });
  }
}

export async function addSale(
  deps: AppDeps,
  row: {
    date: string;
    grossCents: number;
    returnsCents: number;
    sold: number;
    returned: number;
    taxCents?: number;
  },
  appId = APP_ID,
) {
  await deps.db.insert(steamSales).values({
    date: row.date,
    primaryAppId: appId,
    appId,
    grossUnitsSold: row.sold,
    grossUnitsReturned: -row.returned,
    netUnitsSold: row.sold - row.returned,
    grossSalesCents: row.grossCents,
    grossReturnsCents: -row.returnsCents,
    netTaxCents: row.taxCents ?? 0,
    netSalesCents: row.grossCents - row.returnsCents - (row.taxCents ?? 0),
  });
}

type Call = (input: unknown) => Promise<unknown>;

/**
 * The real caller with one analytics procedure passed through `wrap`: to record its inputs or hold
 * it until the test releases it. Everything still runs through the real router.
 */
export function interceptAnalytics<I = unknown>(
  caller: object,
  name: string,
  wrap: (call: Call, input: I) => Promise<unknown>,
): Record<string, unknown> {
  const base = caller as Record<string, Record<string, Call>>;
  const analytics = new Proxy(base.analytics!, {
    get: (t, k) =>
      k === name ? (input: unknown) => wrap((i) => t[name]!(i), input as I) : Reflect.get(t, k),
  });
  return new Proxy(base, { get: (t, k) => (k === "analytics" ? analytics : Reflect.get(t, k)) });
}
