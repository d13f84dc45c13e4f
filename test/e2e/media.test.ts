import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MEDIA } from "@shared/messages/media";
import { filesOnDisk, paddedMp4 } from "../support/media";
import { type Console, openBrowser, seedProject, signInThroughPage, startConsole, visit } from "./harness";

// The media tab in Chromium against the real server: upload through the dialog with its progress
// bar, cancel for real, open the file in a new tab, delete it as admin.

let app: Console;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let projectId: number;
const work = mkdtempSync(join(tmpdir(), "console-e2e-media-"));

beforeAll(async () => {
  app = await startConsole();
  projectId = seedProject(app, "studio-e2e-media", "Moonlight");
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  rmSync(work, { recursive: true, force: true });
});

test("upload with progress, cancel, view in a new tab, delete as admin", async () => {
  const { page, context } = browser;
  // An 8 MB real video over a link throttled to 2 MB/s: long enough to watch the bar move.
  const video = await paddedMp4(join(work, "launch-trailer.mp4"), 8 * 1024 * 1024);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 2 * 1024 * 1024,
  });

  await signInThroughPage(page, app.url);
  await visit(page, `${app.url}/projects/${projectId}/media`);
  await page.getByText(MEDIA.tabEmptyTitle).waitFor();

  // Cancel half-way: the transfer stops and the server keeps nothing.
  await page.getByRole("button", { name: MEDIA.uploadFirst }).click();
  const dialog = page.getByRole("dialog", { name: MEDIA.dialogTitle });
  await dialog.locator("input[type=file]").setInputFiles(video);
  await dialog.getByRole("button", { name: MEDIA.upload }).click();
  await dialog.getByText(/MB of 8\.00 MB/).waitFor();
  // The pieces gather in media/.uploads (resumable upload), and go at once on Cancel.
  await waitUntil(() => resumableFiles().length > 0);
  await dialog.getByRole("button", { name: MEDIA.cancel, exact: true }).first().click();
  await dialog.waitFor({ state: "hidden" });
  await waitUntil(() => filesOnDisk(app.dataDir).length === 0);
  await page.getByText(MEDIA.tabEmptyTitle).waitFor();

  // The real upload: the percent climbs, then the card appears and the dialog closes.
  await page.getByRole("button", { name: MEDIA.uploadButton, exact: true }).click();
  await dialog.locator("input[type=file]").setInputFiles(video);
  await dialog.getByRole("button", { name: MEDIA.upload }).click();
  const percent = dialog.getByText(/^\d+%$/);
  await percent.waitFor();
  await dialog.getByText(/^\d+\.\d\d MB of 8\.00 MB$/).waitFor();
  const seen = new Set<number>();
  while (await dialog.isVisible()) {
    const text = await percent.textContent({ timeout: 100 }).catch(() => null);
    if (text) seen.add(Number.parseInt(text, 10));
    await Bun.sleep(100);
  }
  expect([...seen].filter((p) => p > 0 && p < 100).length).toBeGreaterThanOrEqual(2);
  await page.getByText(MEDIA.uploadSuccess).waitFor();
  const card = page.getByTestId("media-card").filter({ hasText: "launch-trailer.mp4" });
  await card.waitFor();
  await card.getByText("8.00 MB").waitFor();
  await card.getByText(MEDIA.videoBadge).waitFor();
  await expect(card.locator("img").getAttribute("src")).resolves.toMatch(/\/api\/media\/poster\/\d+$/);
  expect(library()).toHaveLength(2);

  // View opens the file in a new tab, served with ranges.
  const [tab] = await Promise.all([
    context.waitForEvent("page"),
    card.getByRole("link", { name: MEDIA.viewLabel("launch-trailer.mp4") }).click(),
  ]);
  await tab.waitForURL(/\/api\/media\/stream\/\d+$/);
  const head = await page.request.get(tab.url(), { headers: { range: "bytes=0-7" } });
  expect(head.status()).toBe(206);
  expect(head.headers()["content-type"]).toBe("video/mp4");
  expect((await head.body()).subarray(4, 8).toString("latin1")).toBe("ftyp");
  await tab.close();

  // Delete, as admin, after the confirmation.
  await card.getByRole("button", { name: MEDIA.deleteLabel("launch-trailer.mp4") }).click();
  const confirm = page.getByRole("alertdialog");
  await confirm.getByText(MEDIA.confirmDelete).waitFor();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await page.getByText(MEDIA.deleted, { exact: true }).waitFor();
  await page.getByText(MEDIA.tabEmptyTitle).waitFor();
  expect(library()).toEqual([]);
});

const resumableFiles = () => filesOnDisk(app.dataDir).filter((f) => f.startsWith("media/.uploads/"));
/**
 * The library's files: a finished resumable upload's record (`.json`, no bytes) stays a while so a
 * client that lost the last answer can still learn the media item, and is not a file of the library.
 */
const library = () => filesOnDisk(app.dataDir).filter((f) => !f.startsWith("media/.uploads/"));

async function waitUntil(check: () => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await Bun.sleep(50);
  }
}
