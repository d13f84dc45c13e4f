import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SHELL } from "@client/messages/shell";
import type { Page } from "playwright-core";
import { startFakeSteamServer } from "../fakes/steam/server";
import { ADMIN, type Console, openBrowser, signInThroughPage, startConsole, visit } from "./harness";
import { seedScreens } from "./screens-seed";

// Every screen, seeded so none is empty, at a desktop and a phone size: a screenshot of each into
// test-results/screens/ (gitignored, for a person to look at), and on each the checks a person
// would make first: the page never scrolls sideways and every row's actions can be reached.

const ROOT = join(import.meta.dir, "..", "..");
const SHOTS = join(ROOT, "test-results", "screens");
const PARTNER_KEY = "e2e-screens-key";
const SIZES = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
];
/** Rows whose buttons are the row's actions: users, organizations, destinations, stream history. */
const ROWS =
  '[data-testid^="user-row-"], [data-testid^="org-row-"], [data-testid^="destination-"], [data-testid^="history-"]';

let steam: ReturnType<typeof startFakeSteamServer>;
let app: Console;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let projectId: number;
let noSalesProjectId: number;
const work = mkdtempSync(join(tmpdir(), "console-e2e-screens-"));

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  steam = startFakeSteamServer({ partnerKey: PARTNER_KEY, salesDays: 45, wishlistDays: 120 });
  app = await startConsole({ ...steam.env, STEAM_WEB_API_KEY: "", STEAM_PARTNER_API_KEY: PARTNER_KEY });
  ({ projectId, noSalesProjectId } = await seedScreens(app.dataDir, steam.env, PARTNER_KEY));
  browser = await openBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  steam?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** A key-art still, uploaded through the real endpoint so it gets whatever an upload gets. */
async function uploadImage(page: Page) {
  const png = join(work, "key-art.png");
  const made = Bun.spawnSync([
    process.env.FFMPEG_PATH ?? "ffmpeg",
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=1280x720:rate=1",
    "-frames:v",
    "1",
    png,
  ]);
  expect(made.exitCode).toBe(0);
  const res = await page.request.post(`${app.url}/api/media/upload`, {
    multipart: {
      projectId: String(projectId),
      media: {
        name: "Key Art.png",
        mimeType: "image/png",
        buffer: Buffer.from(await Bun.file(png).arrayBuffer()),
      },
    },
  });
  expect(`${res.status()} ${await res.text()}`).toStartWith("201");
}

/** A dialog fades in: the shot waits until no animation runs. */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"), null, {
    timeout: 5000,
  });

interface Layout {
  wide: string[];
  scrollWidth: number;
  innerWidth: number;
  rows: number;
  outside: string[];
}

/** What would make the screen unusable at this width: sideways scroll, actions out of reach. */
function measure(page: Page): Promise<Layout> {
  return page.evaluate((rowsSelector) => {
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    };
    const rows = [...document.querySelectorAll(rowsSelector)].filter(
      (r) => visible(r) && !r.getAttribute("data-testid")?.startsWith("history-details"),
    );
    const outside: string[] = [];
    for (const row of rows) {
      for (const b of row.querySelectorAll("button")) {
        if (!visible(b)) continue;
        const r = b.getBoundingClientRect();
        if (r.left < 0 || r.right > window.innerWidth)
          outside.push(
            `${row.getAttribute("data-testid")}: ${b.getAttribute("aria-label") ?? b.textContent}`,
          );
      }
    }
    // The innermost elements reaching past the right edge: what makes a page scroll sideways.
    const wide = [...document.body.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .filter((el) => ![...el.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1))
      .slice(0, 3)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}">${el.textContent?.slice(0, 40)}`);
    return {
      wide,
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      rows: rows.length,
      outside,
    };
  }, ROWS);
}

async function shoot(page: Page, size: string, name: string, problems: string[], expectRows = false) {
  // Charts and images settle after their data: a calm network means the screen is drawn.
  await page.waitForLoadState("networkidle", { timeout: 5000 }).catch(() => {});
  await page.screenshot({ path: join(SHOTS, `${size}-${name}.png`), fullPage: true });
  const m = await measure(page);
  if (m.scrollWidth > m.innerWidth)
    problems.push(`${size} ${name}: page is ${m.scrollWidth}px wide: ${m.wide.join(" | ")}`);
  if (expectRows && m.rows === 0) problems.push(`${size} ${name}: no rows shown`);
  for (const o of m.outside) problems.push(`${size} ${name}: action outside the viewport: ${o}`);
}

test("every screen at 1440×900 and 390×844: screenshots, no sideways scroll, every row action reachable", async () => {
  const { page, context } = browser;
  const problems: string[] = [];
  const go = async (path: string, ready: string) => {
    await visit(page, `${app.url}${path}`);
    await page.getByText(ready).filter({ visible: true }).first().waitFor({ timeout: 20_000 });
  };

  for (const size of SIZES) {
    await context.clearCookies();
    await page.setViewportSize({ width: size.width, height: size.height });
    await visit(page, `${app.url}/login`);
    await page.getByLabel("Email").waitFor();
    await shoot(page, size.name, "01-sign-in", problems);
    await signInThroughPage(page, app.url);
    if (size === SIZES[0]) await uploadImage(page);

    await go(`/projects/${projectId}`, "Starfall Outpost");
    await shoot(page, size.name, "04-project-overview", problems);
    await go("/dashboard", "Hollow Lantern");
    await page.getByTestId("worst-uptime").waitFor({ timeout: 20_000 });
    await shoot(page, size.name, "02-dashboard", problems);
    await go("/projects", "Hollow Lantern");
    await shoot(page, size.name, "03-projects", problems);
    await go(`/projects/${projectId}/analytics`, "Starfall Outpost");
    await page.locator(".recharts-surface").first().waitFor({ timeout: 20_000 });
    await page.getByTestId("wishlist-chart").locator(".recharts-surface").waitFor({ timeout: 20_000 });
    await page.getByTestId("review-trend").locator(".recharts-surface").waitFor({ timeout: 20_000 });
    await page.getByTestId("sale-event").first().waitFor({ timeout: 20_000 });
    await page.getByTestId("refunds-chart").locator(".recharts-surface").waitFor({ timeout: 20_000 });
    await shoot(page, size.name, "05-project-analytics", problems);
    for (const [id, name] of [
      ["wishlists-section", "05c-wishlists"],
      ["reviews-card", "05d-reviews-card"],
      ["sales-insights", "05e-sales-insights"],
    ] as const)
      await page.getByTestId(id).screenshot({ path: join(SHOTS, `${size.name}-${name}.png`) });
    await go(`/projects/${noSalesProjectId}/analytics`, "No sales in this period");
    await shoot(page, size.name, "05b-project-analytics-no-sales", problems);
    await go(`/projects/${projectId}/media`, "Key Art.png");
    await shoot(page, size.name, "06-project-media", problems);
    await page.getByTestId("playlists-section").getByRole("button", { name: "Edit" }).first().click();
    await page.getByRole("dialog").getByText("Edit Playlist").waitFor();
    await settled(page);
    await shoot(page, size.name, "06b-playlist-dialog", problems);
    await page.keyboard.press("Escape");
    await go(`/projects/${projectId}/settings`, "Save Changes");
    await page.locator('[data-testid^="delivery-"]:visible').first().waitFor({ timeout: 10_000 });
    await shoot(page, size.name, "07-project-settings", problems);
    await go("/streaming", "Launch Week");
    await shoot(page, size.name, "08-streaming", problems, true);
    await page.locator('[data-testid^="history-"] button[aria-expanded]').first().click();
    await page.locator('[data-testid="health-chart"] .recharts-surface').waitFor({ timeout: 20_000 });
    await shoot(page, size.name, "08b-streaming-history-open", problems, true);
    await page
      .locator('[data-testid^="destination-"]')
      .getByRole("button", { name: "Start" })
      .first()
      .click();
    await page.getByTestId("playlist-choices").waitFor();
    await settled(page);
    await shoot(page, size.name, "08c-select-media-playlists", problems);
    await page.keyboard.press("Escape");
    await go("/users", "producer@lantern-games.example");
    await shoot(page, size.name, "09-users", problems, true);
    await go("/organizations", "Northwind Interactive");
    await shoot(page, size.name, "10-organizations", problems, true);
    await go("/profile", ADMIN.email);
    await page.getByTestId("api-tokens-card").getByRole("button", { name: "Create Token" }).click();
    const create = page.getByRole("dialog");
    await create.getByLabel("Token Name").fill(`Trailer pipeline (${size.name})`);
    await create.getByLabel("Expires After (days)").fill("90");
    await create.getByRole("button", { name: "Create Token" }).click();
    await page.getByTestId("new-api-token").waitFor();
    await settled(page);
    await shoot(page, size.name, "11b-api-token-created", problems);
    await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();
    await page.getByText(`Trailer pipeline (${size.name})`).waitFor();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await shoot(page, size.name, "11-profile", problems);
    await go("/nowhere", SHELL.notFoundTitle);
    await shoot(page, size.name, "12-not-found", problems);

    // The server stops answering: the console says so, in its own look.
    await page.route("**/api/**", (route) => route.abort());
    await visit(page, `${app.url}/dashboard`);
    await page.getByText(SHELL.connectionError).waitFor({ timeout: 30_000 });
    await shoot(page, size.name, "13-connection-error", problems);
    await page.unroute("**/api/**");
  }
  expect(problems).toEqual([]);
}, 240_000);
