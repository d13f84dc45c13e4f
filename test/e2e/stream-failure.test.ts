import { afterAll, beforeAll, expect, test } from "bun:test";
import { STREAMING_UI } from "@client/messages/streaming-ui";
import { STREAMING } from "@shared/messages/streaming";
import { freePort } from "../fakes/rtmp-receiver";
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

// A destination whose ingest refuses the connection, in Chromium against the real server and real
// ffmpeg: after "Stream started" the failure stays on its card and a notice says so.

let app: Console;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let projectId: number;

beforeAll(async () => {
  app = await startConsole();
  projectId = seedProject(app, "studio-e2e-failure", "Starfall");
  browser = await openBrowser();
});

afterAll(async () => {
  await Promise.allSettled([browser?.close(), app?.stop()]);
});

test("a refused ingest leaves its failure on the card and raises a notice", async () => {
  const { page } = browser;
  await signInThroughPage(page, app.url);
  await uploadVideo(page, app.url, projectId, "trailer.mp4", await steamReadyMp4(6));
  const dest = await page.request.post(`${app.url}/api/destinations`, {
    data: {
      name: "Refusing ingest",
      type: "custom",
      rtmp_url: `rtmp://127.0.0.1:${freePort()}/live`,
      stream_key: "refused-KEY",
      project_id: projectId,
    },
  });
  expect(dest.status()).toBe(201);

  await visit(page, `${app.url}/projects/${projectId}`);
  await page.waitForFunction((id) => localStorage.getItem("currentProjectId") === String(id), projectId);
  await page.getByRole("link", { name: "Streaming" }).first().click();
  const card = page.locator("[data-testid^=destination-]");
  await card.getByText("Refusing ingest").waitFor();
  await card.getByRole("button", { name: STREAMING_UI.start }).click();
  await page.getByRole("dialog", { name: STREAMING.selectMediaTitle }).getByText("trailer.mp4").click();
  await page.getByText(STREAMING.streamStartedTitle).waitFor();

  await page.getByText(STREAMING_UI.streamFailedMessage("Refusing ingest")).waitFor({ timeout: 15_000 });
  const failure = card.getByTestId("last-failure");
  await failure.waitFor({ timeout: 10_000 });
  expect(await card.locator("[data-status]").first().getAttribute("data-status")).toBe("error");
  const text = await failure.textContent();
  expect(text).toContain(STREAMING_UI.failedTitle);
  expect(text).toContain(STREAMING_UI.errorCount(1));
  expect(text).toMatch(/Connection refused/);
  expect(text).not.toContain("refused-KEY");
  // It stays: a reload still shows it, without a new notice.
  await page.reload();
  await card.getByTestId("last-failure").waitFor();
  expect(await page.getByText(STREAMING_UI.streamFailedMessage("Refusing ingest")).count()).toBe(0);
}, 60_000);
