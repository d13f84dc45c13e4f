import { afterAll, beforeEach, expect, test } from "bun:test";
import { projects } from "@server/platform/db/schema";
import { JobRunner } from "@server/platform/jobs/runner";
import { PARTNER } from "@shared/messages/analytics";
import { JOBS } from "@shared/messages/jobs";
import { eq } from "drizzle-orm";
import { type RawSalesRow, salesRow } from "../../fakes/steam/data";
import { steamTestDeps } from "../../fakes/steam/deps";
import { startSteamMsw } from "../../fakes/steam/msw";
import { jobEnd } from "../../support/jobs";
import { callerFor, makeOrg, makeProject, makeUser, testApp } from "../../support/server";
import { waitUntil } from "../../support/wait";

// The Steam syncs as background jobs, through tRPC (start, poll, find again) and REST (wait, answer).

const NOW = Date.parse("2026-11-20T20:00:00Z");
const A = 2456740;
const DATES = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"];
const sales = (): Record<string, RawSalesRow[]> =>
  Object.fromEntries(
    DATES.map((date, i) => [
      date,
      [1, 2].map((n) =>
        salesRow({ id: i * 10 + n, date, appId: A, packageId: 1, units: n, returned: 0, price: "9.9900" }),
      ),
    ]),
  );

const msw = startSteamMsw({ now: () => NOW, sales: sales() });
afterAll(() => msw.stop());
beforeEach(() => msw.reset({ now: () => NOW, sales: sales() }));

/** Steam's GetDetailedSales held until the test lets each date through. */
function holdSales(deps: ReturnType<typeof steamTestDeps>) {
  const real = deps.steam;
  const waiting: (() => void)[] = [];
  let open = false;
  deps.steam = {
    ...real,
    detailedSales: async (date: string) => {
      if (!open) await new Promise<void>((go) => waiting.push(go));
      return real.detailedSales(date);
    },
  };
  return {
    waiting: () => waiting.length,
    release() {
      open = true;
      for (const go of waiting.splice(0)) go();
    },
  };
}

async function world(env: Record<string, string> = {}) {
  const deps = steamTestDeps(env, { now: () => NOW });
  const org = await makeOrg(deps);
  const developer = await makeUser(deps, { role: "developer", orgId: org.id });
  const admin = await makeUser(deps, { role: "admin", orgId: org.id });
  const outsider = await makeUser(deps, { role: "manager", orgId: (await makeOrg(deps)).id });
  const project = await makeProject(deps, { orgId: org.id });
  await deps.db
    .update(projects)
    .set({ steamAppId: A, steamAnalyticsEnabled: true, financialAnalyticsEnabled: true })
    .where(eq(projects.id, project.id));
  return { deps, project, developer, admin, outsider };
}

const until = (check: () => Promise<boolean>) => waitUntil(check, 5000, "the sync job", 5);

test("the start call answers at once with a job; its progress counts dates and records; it ends with the result", async () => {
  const w = await world();
  const held = holdSales(w.deps);
  const dev = await callerFor(w.deps, w.developer.email);
  const { jobId } = await dev.analytics.syncFinancialHistory({ projectId: w.project.id });
  await until(async () => held.waiting() === 1);
  // Progress is written as it is reported, without holding the work up: wait for the count to land.
  await until(async () => (await dev.analytics.syncJob({ jobId })).datesTotal > 0);
  const running = await dev.analytics.syncJob({ jobId });
  expect(running).toMatchObject({
    kind: "financial-history",
    status: "running",
    datesDone: 0,
    datesTotal: 5,
  });
  expect(running.result).toBeNull();

  held.release();
  const job = await jobEnd(dev, { jobId });
  // The 5 sales dates, then the fake's 60 wishlist days, which a financial sync refreshes too.
  expect(job).toMatchObject({ status: "done", datesDone: 65, datesTotal: 65, recordsFound: 10, error: null });
  expect(job.result).toMatchObject({ success: true, recordsFound: 10, datesProcessed: 5 });
  expect(job.finishedAt).not.toBeNull();
});

test("a reloaded screen finds the project's running job again; a second start joins it", async () => {
  const w = await world();
  const held = holdSales(w.deps);
  const dev = await callerFor(w.deps, w.developer.email);
  const first = await dev.analytics.syncFinancialRecent({ projectId: w.project.id });
  const second = await dev.analytics.syncFinancialRecent({ projectId: w.project.id });
  expect(second.jobId).toBe(first.jobId);
  expect((await dev.analytics.projectSyncJobs({ projectId: w.project.id })).map((j) => j.id)).toEqual([
    first.jobId,
  ]);
  held.release();
  await jobEnd(dev, first);
  expect(await dev.analytics.projectSyncJobs({ projectId: w.project.id })).toEqual([]);
  // Today and yesterday, each fetched once although two starts asked.
  const fetched = msw.fake.calls("GetDetailedSales").map((u) => u.searchParams.get("date"));
  expect([...new Set(fetched)]).toEqual(["2026-11-19", "2026-11-20"]);
});

test("REST waits for the job, joins a running one, and answers its result as before", async () => {
  const w = await world();
  const held = holdSales(w.deps);
  const t = testApp(w.deps);
  const cookie = await t.signIn(w.developer.email);
  const dev = await callerFor(w.deps, w.developer.email);
  const { jobId } = await dev.analytics.syncFinancialHistory({ projectId: w.project.id });
  const rest = t.call(`/api/analytics/financial/fetch-all-history/${w.project.id}`, {
    method: "POST",
    cookie,
  });
  await until(async () => held.waiting() === 1);
  held.release();
  const res = await rest;
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body).toEqual((await jobEnd(dev, { jobId })).result);
  expect(body).toMatchObject({
    success: true,
    recordsFound: 10,
    message: "Fetched 10 records from Steam Partner APIs",
  });
});

test("a job that fails answers REST with the same status and fields; the job reads them too", async () => {
  const w = await world({ STEAM_PARTNER_API_KEY: "not-the-key" });
  const t = testApp(w.deps);
  const cookie = await t.signIn(w.developer.email);
  const res = await t.call(`/api/analytics/financial/fetch-recent/${w.project.id}`, {
    method: "POST",
    cookie,
  });
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body).toMatchObject({ requiresPartnerAccess: true, suggestions: [...PARTNER.suggestions] });
  expect(body.error).toMatch(/HTTP 403/);
  const dev = await callerFor(w.deps, w.developer.email);
  const [job] = await w.deps.jobs.unfinished(w.project.id);
  expect(job).toBeUndefined();
  const { jobId } = await dev.analytics.syncFinancialRecent({ projectId: w.project.id });
  const failed = await jobEnd(dev, { jobId });
  expect(failed).toMatchObject({ status: "failed", error: { message: body.error, status: 400 } });
  expect(failed.error?.details).toMatchObject({ requiresPartnerAccess: true });
});

test("a job is read only by those who may see its project; the all-apps job only by administrators", async () => {
  const w = await world();
  const dev = await callerFor(w.deps, w.developer.email);
  const admin = await callerFor(w.deps, w.admin.email);
  const outsider = await callerFor(w.deps, w.outsider.email);
  const { jobId } = await dev.analytics.syncSteam({ projectId: w.project.id, days: 7 });
  expect((await jobEnd(dev, { jobId })).status).toBe("done");
  const unseen = { code: "NOT_FOUND", message: JOBS.notFound };
  await expect(outsider.analytics.syncJob({ jobId })).rejects.toMatchObject(unseen);
  await expect(outsider.analytics.projectSyncJobs({ projectId: w.project.id })).rejects.toMatchObject({
    code: "NOT_FOUND",
  });
  await expect(dev.analytics.syncJob({ jobId: 99_999 })).rejects.toMatchObject(unseen);

  const all = await admin.analytics.syncAllApps({ dateRange: "recent" });
  await expect(dev.analytics.syncJob({ jobId: all.jobId })).rejects.toMatchObject({ code: "FORBIDDEN" });
  await expect(dev.analytics.allAppsSyncJob()).rejects.toMatchObject({ code: "FORBIDDEN" });
  await expect(dev.analytics.syncAllApps({ dateRange: "recent" })).rejects.toMatchObject({
    code: "FORBIDDEN",
  });
  const ended = await jobEnd(admin, all);
  expect(ended).toMatchObject({ kind: "all-apps", status: "done", result: { success: true, totalApps: 1 } });
  expect(await admin.analytics.allAppsSyncJob()).toBeNull();
});

test("after a restart, a sync left running reads interrupted with a plain note", async () => {
  const w = await world();
  holdSales(w.deps);
  const dev = await callerFor(w.deps, w.developer.email);
  const { jobId } = await dev.analytics.syncFinancialHistory({ projectId: w.project.id });
  await until(async () => (await dev.analytics.syncJob({ jobId })).status === "running");
  // What the next server's start does on the same database.
  await new JobRunner({ db: w.deps.db, now: () => NOW }).interruptLeftRunning();
  const job = await dev.analytics.syncJob({ jobId });
  expect(job).toMatchObject({ status: "interrupted", error: { message: JOBS.interruptedByRestart } });
  expect(await dev.analytics.projectSyncJobs({ projectId: w.project.id })).toEqual([]);
});
