import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { startFakeSteamServer } from "../fakes/steam/server";
import { type Console, openBrowser, signInThroughPage, startConsole, visit } from "./harness";

// Analytics end to end, in Chromium, against a fake Steam on loopback: enable analytics through the
// settings search, sync, read the figures; the admin's monthly sync on the dashboard. Screenshots go
// to test-results/ (gitignored) and are taken from the demo, which has 30 days of samples.

const ROOT = join(import.meta.dir, "..", "..");
const SHOTS = join(ROOT, "test-results");
const PARTNER_KEY = "e2e-financial-key";

let steam: ReturnType<typeof startFakeSteamServer>;
let app: Console;
let browser: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  steam = startFakeSteamServer({ partnerKey: PARTNER_KEY, salesDays: 45 });
  app = await startConsole({ ...steam.env, STEAM_WEB_API_KEY: "", STEAM_PARTNER_API_KEY: PARTNER_KEY });
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  steam?.stop();
});

/** A project made through the API with the signed-in admin's cookies. */
async function createProject(page: Page, url: string) {
  const org = await page.request.post(`${url}/api/organizations`, {
    data: { name: "Lantern Games", is_active: true },
  });
  expect(org.status()).toBe(201);
  const res = await page.request.post(`${url}/api/projects`, {
    data: {
      name: "Starfall Outpost",
      description: "Co-op base builder",
      org_id: (await org.json()).organization.id,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id as number;
}

/** A stat card's value, found only once it reads `value`: waiting on it waits for the figure. */
const stat = (page: Page, label: string, value: RegExp) =>
  page.getByTestId(`stat-${label}`).locator(".chakra-stat__valueText").filter({ hasText: value });

test("enable analytics through the search, sync, read the figures; then the admin's monthly sync", async () => {
  const { page } = browser;
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await signInThroughPage(page, app.url);
  const projectId = await createProject(page, app.url);

  // Settings: search by name, pick the game, switch both kinds of analytics on, save.
  await visit(page, `${app.url}/projects/${projectId}/settings`);
  const card = page.getByTestId("steam-analytics-card");
  await card.getByPlaceholder("Search for a game by name").fill("Starfall");
  await card.getByRole("option", { name: /Starfall Outpost\s*2456740/ }).click();
  await card.getByTestId("chosen-game").filter({ hasText: "App ID 2456740" }).waitFor();
  await card.getByText("Enable Steam Analytics").click();
  await card.getByText("Enable Financial Analytics").click();
  await card.getByRole("button", { name: "Save Changes" }).click();
  await page.getByText("Settings updated").waitFor();

  // Analytics: nothing sampled yet, so Sync Data; after the 5 s reload the figures are Steam's.
  await visit(page, `${app.url}/projects/${projectId}/analytics`);
  await page.getByText("App ID 2456740").waitFor();
  await page.getByRole("button", { name: "Sync Data" }).click();
  await page.getByRole("button", { name: "Refresh Data" }).waitFor({ timeout: 15_000 });
  // The figures arrive with the reload that follows the label change: wait for each, read none once.
  await stat(page, "Current Players", /^[1-9][\d,]*$/).waitFor();
  await stat(page, "Achievements", /^10$/).waitFor();
  // No sales synced yet: one plain statement, no $0.00 cards.
  await page.getByTestId("no-sales").waitFor();
  await page.getByTestId("player-bar").nth(29).waitFor();
  expect(await page.getByTestId("player-bar").count()).toBe(30);

  // Financials: sync the period; after the 2 s reload revenue is there, in dollars.
  await page.getByRole("button", { name: "Sync Last 30 Days" }).click();
  await stat(page, "Total Revenue", /^\$[1-9][\d,]*\.\d\d$/).waitFor({ timeout: 20_000 });
  await page.getByTestId("sales-breakdown").filter({ hasText: "Net Sales" }).waitFor();

  // Dashboard, as admin: the monthly preset runs and reports.
  await visit(page, `${app.url}/dashboard`);
  const controls = page.getByTestId("admin-controls");
  await controls.getByRole("button", { name: "Sync Monthly (30 days)" }).click();
  await controls
    .getByTestId("sync-note")
    .filter({ hasText: "Monthly Data Sync Completed" })
    .filter({ hasText: /Updated \d+\/\d+ apps successfully/ })
    .waitFor({ timeout: 30_000 });
  for (const name of ["Sync Recent (2 days)", "Sync Monthly (30 days)", "Sync Yearly (52 weeks)"]) {
    expect(await controls.getByRole("button", { name }).isEnabled()).toBe(true);
  }
  expect(errors).toEqual([]);
});

test("screenshots of the analytics tab and the dashboard, from the demo", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "console-demo-"));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const demo = Bun.spawn(["bun", "server/demo/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir },
    stdout: "pipe",
    stderr: "pipe",
  });
  try {
    const out = await readUntil(
      demo.stdout as ReadableStream<Uint8Array>,
      /Projects:.*\/projects\/(\d+)\/analytics/,
      90_000,
    );
    const projectId = out.match(/\/projects\/(\d+)\/analytics/)![1];
    const url = `http://127.0.0.1:${port}`;
    const { page } = browser;
    await page.context().clearCookies();
    await signInThroughPage(page, url, "admin@demo.studio", "demo-admin");

    await visit(page, `${url}/projects/${projectId}/analytics`);
    await page.getByTestId("revenue-chart").locator("svg").first().waitFor();
    await page.getByTestId("units-chart").locator("svg").first().waitFor();
    // The demo has samples for 30 days: every bar is real data and today's is highlighted.
    expect(await page.locator('[data-testid="player-bar"][data-today="true"]').count()).toBe(1);
    await page.getByTestId("player-bar-column").nth(24).hover();
    await page.getByTestId("chart-tooltip").waitFor();
    await page.screenshot({ path: join(SHOTS, "analytics-tab.png"), fullPage: true });

    // The one timeline: revenue on the left scale, players on the right, the demo's broadcasts shaded.
    const timeline = page.getByTestId("analytics-timeline");
    await timeline.locator("svg .recharts-line").first().waitFor();
    // Dollar labels on the left scale, inside the card (not pushed off it by the hidden scales).
    const dollar = timeline.locator(".recharts-cartesian-axis-tick-value", { hasText: /^\$/ }).first();
    await dollar.waitFor();
    expect((await dollar.boundingBox())!.x).toBeGreaterThanOrEqual((await timeline.boundingBox())!.x);
    expect(await timeline.locator(".recharts-bar-rectangle").count()).toBeGreaterThan(0);
    expect(await timeline.getByText(/h on air$/).textContent()).toMatch(/^\d+\.\d h on air$/);
    // The download: a CSV of the last 30 days of sales, named for the project, header row first.
    const exporter = page.getByTestId("analytics-export");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      exporter.getByRole("button", { name: "Download" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^starfall-outpost-sales-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await Bun.file((await download.path())!).text();
    expect(csv.split("\r\n")[0]).toStartWith("date,primary_app_id,app_id,app_name,");
    expect(csv.split("\r\n").length).toBeGreaterThan(30);

    // Every card of the depth a studio pays for reads the demo's data.
    const wishlists = page.getByTestId("wishlists-section");
    await wishlists.getByTestId("wishlist-chart").locator(".recharts-surface").waitFor();
    expect(await wishlists.locator('[data-testid^="wishlist-country-"]').count()).toBeGreaterThan(2);
    const reviews = page.getByTestId("reviews-card");
    expect(await reviews.getByTestId("review-score").textContent()).toMatch(/Positive|Mixed|Negative/);
    expect(await reviews.getByTestId("review-percent").textContent()).toMatch(/^\d+(\.\d)?% positive$/);
    await reviews.getByTestId("review-trend").locator(".recharts-surface").waitFor();
    const sales = page.getByTestId("sales-insights");
    await sales.getByRole("button", { name: "Country", exact: true }).click();
    expect(await sales.getByTestId("breakdown-table-country").locator("tbody tr").count()).toBeGreaterThan(2);
    await sales.getByRole("button", { name: "Package", exact: true }).click();
    await sales.getByTestId("breakdown-table-package").waitFor();
    expect(await sales.getByTestId("sale-event").count()).toBeGreaterThan(0);
    await sales.getByTestId("refunds-chart").locator(".recharts-surface").waitFor();
    for (const size of [
      { name: "desktop", width: 1440, height: 900 },
      { name: "phone", width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      for (const id of ["analytics-timeline", "wishlists-section", "reviews-card", "sales-insights"])
        await page.getByTestId(id).screenshot({ path: join(SHOTS, `demo-${size.name}-${id}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    await visit(page, `${url}/dashboard`);
    await page.getByTestId("admin-controls").waitFor();
    await page.screenshot({ path: join(SHOTS, "dashboard.png"), fullPage: true });
  } finally {
    demo.kill("SIGTERM");
    await demo.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 150_000);

/** Reads a child's output until a line matches (the demo prints its URLs once it is serving). */
async function readUntil(stream: ReadableStream<Uint8Array>, pattern: RegExp, timeoutMs: number) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(text)) {
    if (Date.now() > deadline) throw new Error(`demo did not start:\n${text}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`demo exited:\n${text}`);
    text += decoder.decode(value);
  }
  reader.releaseLock();
  return text;
}
