import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RESUMABLE_CHUNK_BYTES } from "@shared/limits";
import { MEDIA } from "@shared/messages/media";
import type { CDPSession, Page } from "playwright-core";
import { type CuttingProxy, cuttingProxy } from "../support/cutting-proxy";
import { paddedMp4 } from "../support/media";
import { type Console, openBrowser, seedProject, signInThroughPage, startConsole, visit } from "./harness";

// Resumable uploads in Chromium against the real server, reached through a loopback proxy that can
// drop the connection: an upload cut half-way carries on by itself, one cut by a reload carries on
// when the same file is picked again, and each time the stored file is the source byte for byte with
// at most one chunk sent twice. Two files go up at once, each with its own bar (screenshots of that
// into test-results/screens/), and Cancel removes both from the server at once.

const ROOT = join(import.meta.dir, "..", "..");
const SHOTS = join(ROOT, "test-results", "screens");
const MB = 1024 * 1024;

let app: Console;
let proxy: CuttingProxy;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let cdp: CDPSession;
let projectId: number;
const work = mkdtempSync(join(tmpdir(), "console-e2e-resumable-"));

beforeAll(async () => {
  app = await startConsole();
  projectId = seedProject(app, "studio-e2e-resumable", "Moonlight");
  proxy = await cuttingProxy(Number(new URL(app.url).port));
  browser = await openBrowser();
  cdp = await browser.context.newCDPSession(browser.page);
  await cdp.send("Network.enable");
  await signInThroughPage(browser.page, proxy.url);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.stop();
  await app?.stop();
  rmSync(work, { recursive: true, force: true });
});

const sha256 = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

/** Upload speed as the browser sees it (bytes/s); -1 lifts the limit. */
async function throttle(uploadThroughput: number) {
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput,
  });
}

/** What a finished upload left in the library: the stored file's path, by its original name. */
function storedFile(name: string): string {
  const db = new Database(join(app.dataDir, "console.db"), { readonly: true });
  try {
    const row = db.query("SELECT stored_name FROM media_files WHERE original_name = ?").get(name) as {
      stored_name: string;
    } | null;
    if (!row) throw new Error(`no media row for ${name}`);
    return join(app.dataDir, "media", row.stored_name);
  } finally {
    db.close();
  }
}

/** Everything held for resumable uploads: bytes, and records (`.json`, kept a while after success). */
const uploadFolder = () => {
  try {
    return (readdirSync(join(app.dataDir, "media", ".uploads")) as string[]).sort();
  } catch {
    return [];
  }
};
/** Bytes held for unfinished resumable uploads. */
const partialUploads = () => uploadFolder().filter((f) => !f.endsWith(".json"));

async function openDialog(page: Page) {
  await visit(page, `${proxy.url}/projects/${projectId}/media`);
  await page.getByRole("button", { name: MEDIA.uploadButton, exact: true }).click();
  return page.getByRole("dialog", { name: MEDIA.dialogTitle });
}

test("a connection dropped half-way carries on by itself; the stored file is the source, at most one chunk sent twice", async () => {
  const { page } = browser;
  const video = await paddedMp4(join(work, "festival-trailer.mp4"), 48 * MB);
  const size = 48 * MB;
  await throttle(-1);
  const before = proxy.patchBytes();
  proxy.cutAt(before + size / 2);

  const dialog = await openDialog(page);
  await dialog.locator("input[type=file]").setInputFiles(video);
  await dialog.getByRole("button", { name: MEDIA.upload }).click();
  await page.getByText(MEDIA.uploadSuccess).waitFor({ timeout: 60_000 });
  await dialog.waitFor({ state: "hidden" });
  await page.getByTestId("media-card").filter({ hasText: "festival-trailer.mp4" }).waitFor();

  const cut = proxy.cutAtBytes();
  expect(cut).not.toBeNull();
  expect(cut! - before).toBeGreaterThanOrEqual(size / 2);
  expect(cut! - before).toBeLessThan(size);
  const resent = proxy.patchBytes() - before - size;
  console.info(`connection cut at ${((cut! - before) / MB).toFixed(1)} MB; sent twice ${resent} bytes`);
  expect(resent).toBeGreaterThanOrEqual(0);
  expect(resent).toBeLessThanOrEqual(RESUMABLE_CHUNK_BYTES);
  expect(sha256(storedFile("festival-trailer.mp4"))).toBe(sha256(video));
  expect(partialUploads()).toEqual([]);
}, 120_000);

test("an upload cut by a reload carries on from the last stored byte when the same file is picked again", async () => {
  const { page } = browser;
  const size = 32 * MB;
  const video = await paddedMp4(join(work, "gameplay-cut.mp4"), size);
  const before = proxy.patchBytes();
  // Slow enough to reload in the middle: 4 MB/s.
  await throttle(4 * MB);

  let dialog = await openDialog(page);
  await dialog.locator("input[type=file]").setInputFiles(video);
  await dialog.getByRole("button", { name: MEDIA.upload }).click();
  const percent = async () =>
    Number.parseInt(
      (await dialog
        .getByText(/^\d+%$/)
        .textContent({ timeout: 1000 })
        .catch(() => "0")) ?? "0",
      10,
    );
  await waitUntil(async () => (await percent()) >= 40, 60_000);
  await page.reload();
  await throttle(-1);
  const sentBeforeReload = proxy.patchBytes() - before;
  expect(sentBeforeReload).toBeLessThan(size);

  // Picked again: the bar starts where the server stopped, not at 0.
  dialog = await openDialog(page);
  await dialog.locator("input[type=file]").setInputFiles(video);
  await dialog.getByRole("button", { name: MEDIA.upload }).click();
  await page.getByText(MEDIA.uploadSuccess).waitFor({ timeout: 60_000 });
  await page.getByTestId("media-card").filter({ hasText: "gameplay-cut.mp4" }).waitFor();

  const resent = proxy.patchBytes() - before - size;
  console.info(`reload after ${(sentBeforeReload / MB).toFixed(1)} MB; sent twice ${resent} bytes`);
  expect(resent).toBeGreaterThanOrEqual(0);
  expect(resent).toBeLessThanOrEqual(RESUMABLE_CHUNK_BYTES);
  expect(sha256(storedFile("gameplay-cut.mp4"))).toBe(sha256(video));
  expect(partialUploads()).toEqual([]);
}, 120_000);

test("two files go up at once, each with its own bar; Cancel removes both from the server", async () => {
  const { page } = browser;
  mkdirSync(SHOTS, { recursive: true });
  const first = await paddedMp4(join(work, "launch-trailer.mp4"), 24 * MB);
  const second = await paddedMp4(join(work, "teaser-30s.mp4"), 16 * MB);
  await throttle(2 * MB);
  const held = uploadFolder();

  const dialog = await openDialog(page);
  await dialog.locator("input[type=file]").setInputFiles([first, second]);
  await dialog.getByRole("button", { name: MEDIA.upload }).click();
  const rows = dialog.getByTestId("upload-row");
  await waitUntil(async () => (await rows.count()) === 2);
  const launch = rows.filter({ hasText: "launch-trailer.mp4" });
  const teaser = rows.filter({ hasText: "teaser-30s.mp4" });
  await launch.getByText(/MB of 24\.00 MB$/).waitFor();
  await teaser.getByText(/MB of 16\.00 MB$/).waitFor();
  // Both bars well under way before the pictures are taken.
  const percentOf = async (row: typeof launch) =>
    Number.parseInt(
      (await row
        .getByText(/^\d+%$/)
        .textContent()
        .catch(() => "0")) ?? "0",
      10,
    );
  await waitUntil(async () => (await percentOf(launch)) >= 20 && (await percentOf(teaser)) >= 20, 60_000);
  expect(partialUploads()).toHaveLength(2);

  for (const size of [
    { name: "desktop", width: 1440, height: 900 },
    { name: "phone", width: 390, height: 844 },
  ]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.screenshot({ path: join(SHOTS, `upload-two-files-${size.name}.png`) });
  }
  await page.setViewportSize({ width: 1400, height: 900 });

  await dialog.getByRole("button", { name: MEDIA.cancel, exact: true }).first().click();
  await dialog.waitFor({ state: "hidden" });
  // Both uploads' bytes and records go at once, not at the next sweep.
  await waitUntil(() => uploadFolder().join() === held.join(), 15_000);
  await throttle(-1);
}, 120_000);

async function waitUntil(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await Bun.sleep(50);
  }
}
