import { afterAll, beforeAll, expect, test } from "bun:test";
import { FORMS_UI } from "@client/messages/forms-ui";
import { WEBHOOKS_UI } from "@client/messages/webhooks-ui";
import { freePort } from "../fakes/rtmp-receiver";
import { startWebhookReceiver, until } from "../fakes/webhook-receiver";
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

// In Chromium against the real server: add a webhook on Project Settings, read its secret once, send
// a test, see a real stream failure arrive at a local receiver, and delete the webhook.

let app: Console;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let projectId: number;
const receiver = startWebhookReceiver();

beforeAll(async () => {
  // The receiver listens on loopback, as a studio's own would on its LAN.
  app = await startConsole({ ALLOW_PRIVATE_TARGETS: "on" });
  projectId = seedProject(app, "studio-e2e-webhooks", "Starfall");
  browser = await openBrowser();
});

afterAll(async () => {
  receiver.stop();
  await Promise.allSettled([browser?.close(), app?.stop()]);
});

test("a webhook added on Project Settings gets a test and a real stream failure", async () => {
  const { page } = browser;
  await signInThroughPage(page, app.url);
  await visit(page, `${app.url}/projects/${projectId}/settings`);
  const card = page.getByTestId("webhooks-card");
  await card.getByText(WEBHOOKS_UI.empty).waitFor();
  await card.getByRole("button", { name: WEBHOOKS_UI.add }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(WEBHOOKS_UI.urlLabel).fill("ftp://nope");
  await dialog.getByRole("button", { name: WEBHOOKS_UI.create }).click();
  await dialog.getByText("Enter a full web address starting with http:// or https://.").waitFor();
  await dialog.getByLabel(WEBHOOKS_UI.urlLabel).fill(receiver.url);
  await dialog.getByLabel(WEBHOOKS_UI.formatLabel).selectOption("generic");
  await dialog.getByRole("button", { name: WEBHOOKS_UI.create }).click();
  const secret = await page.getByTestId("webhook-secret").textContent();
  expect(secret).toMatch(/^whsec_/);
  await page.getByRole("button", { name: FORMS_UI.done }).click();

  const item = page.locator('[data-testid^="webhook-"]');
  await expect(item.textContent()).resolves.not.toContain("T0KEN");
  await item.getByRole("button", { name: WEBHOOKS_UI.sendTest }).click();
  await until(() => receiver.received.length === 1, 5000, "the test delivery");
  await item.locator('tr[data-testid^="delivery-"]').getByText("204").waitFor();

  const media = await uploadVideo(page, app.url, projectId, "trailer.mp4", await steamReadyMp4(6));
  const dest = await (
    await page.request.post(`${app.url}/api/destinations`, {
      data: {
        name: "Refusing ingest",
        type: "custom",
        rtmp_url: `rtmp://127.0.0.1:${freePort()}/live`,
        stream_key: "e2e-KEY-secret",
        project_id: projectId,
      },
    })
  ).json();
  const started = await page.request.post(`${app.url}/api/destinations/${dest.id}/stream`, {
    data: { mediaId: media.id },
  });
  expect(started.status()).toBeLessThan(300);
  await until(() => receiver.received.some((h) => h.body.includes("stream.failed")), 10_000, "stream.failed");
  expect(receiver.received.map((h) => h.body).join()).not.toContain("e2e-KEY-secret");
  await item.getByText("Stream failed").first().waitFor({ timeout: 10_000 });

  await item.getByRole("button", { name: WEBHOOKS_UI.delete }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await card.getByText(WEBHOOKS_UI.empty).waitFor();
}, 90_000);

test("the Add Webhook dialog's event boxes tick and untick with a mouse", async () => {
  const { page } = browser;
  await visit(page, `${app.url}/projects/${projectId}/settings`);
  const card = page.getByTestId("webhooks-card");
  await card.getByRole("button", { name: WEBHOOKS_UI.add }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(WEBHOOKS_UI.urlLabel).fill(receiver.url);
  // Clicks on the labels, as a studio would; each must toggle its own event and no other.
  for (const label of ["Schedule started", "Schedule ended", "Preparation failed", "Stream failed"]) {
    await dialog.getByText(label, { exact: true }).click();
  }
  // And one on the box itself.
  await dialog
    .getByText("Stream stalled", { exact: true })
    .locator("..")
    .locator("[data-part=control]")
    .click();
  await dialog.getByRole("button", { name: WEBHOOKS_UI.create }).click();
  await page.getByTestId("webhook-secret").waitFor();
  await page.getByRole("button", { name: FORMS_UI.done }).click();

  // The first test deleted its webhook, so this one is the only one.
  const listed = (await (await page.request.get(`${app.url}/api/projects/${projectId}/webhooks`)).json()) as {
    events: string[];
  }[];
  expect(listed).toHaveLength(1);
  expect(listed[0]?.events.toSorted()).toEqual([
    "preparation.failed",
    "schedule.ended",
    "schedule.started",
    "stream.recovered",
    "stream.restarting_repeatedly",
  ]);
}, 60_000);
