import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DIGEST_UI } from "@client/messages/anomalies-ui";
import { DIGEST } from "@shared/messages/analytics-digest";
import { openBrowser, signInThroughPage, visit } from "./harness";

// Beyond a studio's own numbers, in Chromium, from the demo: the Compare card (its watch list of the
// fake Steam's other games, each figure beside the list's median, a sales range with its method named,
// the players chart), the unusual day the demo's wishlists hold, and a weekly digest sent now and
// found in the webhook's delivery log.

const ROOT = join(import.meta.dir, "..", "..");
const SHOTS = join(ROOT, "test-results");
let browser: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

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

test("the demo's Compare card: watch list, figures beside the median, an estimate and its method", async () => {
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
    ).catch(async (err) => {
      throw new Error(`${(err as Error).message}\n${await new Response(demo.stderr).text()}`);
    });
    const projectId = out.match(/\/projects\/(\d+)\/analytics/)![1];
    const url = `http://127.0.0.1:${port}`;
    const { page } = browser;
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await signInThroughPage(page, url, "admin@demo.studio", "demo-admin");
    await visit(page, `${url}/projects/${projectId}/analytics`);
    const card = page.getByTestId("compare-card");
    await card.getByTestId("compare-table").waitFor({ timeout: 30_000 });
    expect(await card.getByTestId("watchlist").textContent()).toContain("Hollow Lantern");
    // Your game and the four watched games, then the median row.
    expect(await card.locator('[data-testid^="compare-row-"]').count()).toBe(5);
    expect(await card.getByTestId("compare-median").textContent()).toMatch(/Median of the watch list.*\d/);
    expect(await card.getByTestId("estimate-1987650").textContent()).toMatch(/^[\d,]+–[\d,]+ units/);
    expect(await card.getByTestId("estimate-method").textContent()).toContain("Boxleiter");
    await card.getByTestId("compare-chart").locator(".recharts-line").first().waitFor();
    expect(await card.getByTestId("compare-chart").locator(".recharts-line").count()).toBe(5);
    expect(await card.getByTestId("price-history").textContent()).toContain("−25%");
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: join(SHOTS, "demo-compare-card.png") });

    // The demo's wishlist deletes of yesterday stand far outside their usual range.
    const unusual = page.getByTestId("anomaly").first();
    await unusual.waitFor();
    expect(await unusual.textContent()).toMatch(/wishlist/i);

    // The digest, sent now from the project's settings with the mouse, lands in the delivery log.
    await visit(page, `${url}/projects/${projectId}/settings`);
    const digest = page.getByTestId("digest-card");
    await digest.getByRole("button", { name: DIGEST_UI.sendNow }).click();
    await page.getByText(DIGEST.sentNow).waitFor();
    const log = page.getByTestId("webhooks-card");
    await log.getByRole("cell", { name: "Weekly digest" }).first().waitFor({ timeout: 20_000 });
    await digest.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, "demo-digest-sent.png") });
    expect(errors).toEqual([]);
  } finally {
    demo.kill("SIGTERM");
    await demo.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 150_000);
