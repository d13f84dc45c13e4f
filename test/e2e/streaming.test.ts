import { afterAll, beforeAll, expect, test } from "bun:test";
import { STREAMING_UI } from "@client/messages/streaming-ui";
import { STREAMING } from "@shared/messages/streaming";
import type { Page } from "playwright-core";
import { type Receiver, startReceiver } from "../fakes/rtmp-receiver";
import { steamReadyMp4 } from "../support/media";
import {
  type Console,
  openBrowser,
  seedProject,
  signInThroughPage,
  startConsole,
  uploadVideo,
  visit,
} from "./harness";

// The Streaming page in Chromium against the real server, real ffmpeg and a real RTMP receiver on
// loopback: add a destination, start, watch it run, change its media, stop, delete the record.

let app: Console;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let receiver: Receiver;
let projectId: number;

beforeAll(async () => {
  app = await startConsole();
  projectId = seedProject(app, "studio-e2e-streaming", "Moonlight");
  // Reconnecting: after Change the new ffmpeg publishes to a fresh listener on the same URL.
  receiver = await startReceiver({ reconnect: true });
  browser = await openBrowser();
});

afterAll(async () => {
  // Each independently: one failing must not leave the others' processes running.
  await Promise.allSettled([receiver?.stop(), browser?.close(), app?.stop()]);
});

async function upload(page: Page, name: string) {
  await uploadVideo(page, app.url, projectId, name, await steamReadyMp4(6));
}

test("add a destination, start, see it live, change media, stop, delete the record", async () => {
  const { page } = browser;
  await signInThroughPage(page, app.url);
  await upload(page, "trailer.mp4");
  await upload(page, "gameplay.mp4");
  // Visiting the project makes it the current one, which the Streaming page works on.
  await visit(page, `${app.url}/projects/${projectId}`);
  await page.waitForFunction((id) => localStorage.getItem("currentProjectId") === String(id), projectId);
  await page.getByRole("link", { name: "Streaming" }).first().click();
  await page.getByText(STREAMING.managingFor("Moonlight")).waitFor();

  // Add Stream Destination, pointing at the local receiver.
  await page.getByRole("button", { name: STREAMING.addDestination }).first().click();
  const form = page.getByRole("dialog", { name: STREAMING.addDestinationTitle });
  await form.getByLabel(STREAMING_UI.nameLabel).fill("Local receiver");
  await form.getByRole("combobox").selectOption("custom");
  await form.getByLabel(STREAMING_UI.rtmpUrlLabel).fill(receiver.rtmpUrl);
  await form.getByLabel(STREAMING_UI.streamKeyLabel).fill(receiver.key);
  await form.getByRole("button", { name: STREAMING_UI.createDestination }).click();
  await page.getByText(STREAMING.destinationCreatedTitle).waitFor();
  const card = page.locator("[data-testid^=destination-]");
  await card.getByText("Local receiver").waitFor();

  // Start with the first video: running, with live figures, frames at the receiver.
  await card.getByRole("button", { name: STREAMING_UI.start }).click();
  const picker = page.getByRole("dialog", { name: STREAMING.selectMediaTitle });
  await picker.getByText("trailer.mp4").click();
  await page.getByText(STREAMING.streamStartedTitle).waitFor();
  await card.locator("[data-status=running]").waitFor({ timeout: 15_000 });
  await card.getByTestId("live-figures").waitFor({ timeout: 10_000 });
  await receiver.waitForFrames(25, 15_000);
  await card.getByText(STREAMING_UI.streamingMedia("trailer.mp4")).waitFor();
  // The first progress report may still read 0.0 fps: wait for a figure above zero.
  await card
    .getByTestId("live-figures")
    .getByText(STREAMING_UI.fps)
    .locator("..")
    .filter({ hasText: /[1-9]/ })
    .waitFor({ timeout: 10_000 });

  // Change: stop, wait a second, start with the other video; the receiver sees a second session.
  await card.getByRole("button", { name: STREAMING_UI.change }).click();
  await picker.getByText("gameplay.mp4").click();
  await card.getByText(STREAMING_UI.streamingMedia("gameplay.mp4")).waitFor({ timeout: 15_000 });
  await card.locator("[data-status=running]").waitFor({ timeout: 15_000 });
  expect(receiver.sessions()).toBeGreaterThanOrEqual(1);
  await receiver.waitForFrames(25, 15_000);

  // Stop: Start comes back and the receiver's input ends.
  const sessionsBefore = receiver.sessions();
  await card.getByRole("button", { name: STREAMING_UI.stop }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: STREAMING_UI.stop }).click();
  await page.getByText(STREAMING.streamStoppedTitle).first().waitFor();
  await card.getByRole("button", { name: STREAMING_UI.start }).waitFor();
  const deadline = Date.now() + 5000;
  while (receiver.sessions() === sessionsBefore && Date.now() < deadline) await Bun.sleep(50);
  expect(receiver.sessions()).toBeGreaterThan(sessionsBefore);

  // History: two ended records; delete the newest.
  const rows = page.locator("[data-testid^=history-]:not([data-testid^=history-details])");
  await rows.nth(1).waitFor();
  await expect(rows.count()).resolves.toBe(2);
  const newest = rows.first();
  await newest.getByText("gameplay.mp4 → Local receiver").waitFor();
  await newest.locator("[data-status=stopped]").waitFor();
  await newest.getByRole("button", { name: STREAMING_UI.delete }).click();
  const confirm = page.getByRole("alertdialog", { name: STREAMING.deleteRecordTitle });
  await confirm.getByText(STREAMING.deleteRecordQuestion("gameplay.mp4")).waitFor();
  await confirm.getByRole("button", { name: STREAMING_UI.delete }).click();
  await page.getByText(STREAMING.streamDeletedTitle).waitFor();
  await page.getByText("gameplay.mp4 → Local receiver").waitFor({ state: "detached" });
  await expect(rows.count()).resolves.toBe(1);
});
