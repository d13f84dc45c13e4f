import { afterAll, beforeAll, expect, test } from "bun:test";
import { HEALTH_UI } from "@client/messages/health-ui";
import { SCHEDULES_UI } from "@client/messages/schedules-ui";
import { PLAYLISTS } from "@shared/messages/playlists";
import { STREAMING } from "@shared/messages/streaming";
import { type NginxRtmp, startNginxRtmp } from "../fakes/nginx-rtmp";
import { startWebhookReceiver, until } from "../fakes/webhook-receiver";
import { h264Mp4 } from "../support/media";
import {
  type Console,
  openBrowser,
  seedProject,
  signInThroughPage,
  startConsole,
  uploadVideo,
  visit,
} from "./harness";

// A broadcast a studio leaves alone, in Chromium against the real server: build a playlist of two
// videos on the Media tab, schedule a one-off window just ahead on the Streaming page, and watch the
// scheduler start it (one publish at nginx-rtmp, the card naming the video on air) and end it on its
// own, the webhook receiver getting both window events, and the card reading the uptime.

const LEAD_MS = 10_000;
const WINDOW_MS = 12_000;
let app: Console;
let nginx: NginxRtmp;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let projectId: number;
const receiver = startWebhookReceiver();

beforeAll(async () => {
  [app, nginx] = await Promise.all([startConsole({ ALLOW_PRIVATE_TARGETS: "on" }), startNginxRtmp()]);
  projectId = seedProject(app, "studio-e2e-window", "Starfall");
  browser = await openBrowser();
}, 120_000);

afterAll(async () => {
  receiver.stop();
  await Promise.allSettled([browser?.close(), app?.stop(), nginx?.stop()]);
});

/** A datetime-local value with seconds, in the browser's (this machine's) zone. */
function localInput(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

test("a playlist window starts and ends on its own, tells the webhook and counts its uptime", async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInThroughPage(page, app.url);
  await uploadVideo(page, app.url, projectId, "intro.mp4", await h264Mp4(4, {}, "window-intro-4s"));
  await uploadVideo(page, app.url, projectId, "trailer.mp4", await h264Mp4(6, {}, "window-trailer-6s"));
  const destination = await (
    await page.request.post(`${app.url}/api/destinations`, {
      data: {
        name: "Next Fest ingest",
        type: "custom",
        rtmp_url: nginx.rtmpUrl,
        stream_key: "window-key",
        project_id: projectId,
      },
    })
  ).json();
  const hook = await page.request.post(`${app.url}/api/projects/${projectId}/webhooks`, {
    data: { url: receiver.url, format: "generic", events: ["schedule.started", "schedule.ended"] },
  });
  expect(hook.status()).toBe(201);

  // The playlist, built on the Media tab.
  await visit(page, `${app.url}/projects/${projectId}/media`);
  await page.getByRole("button", { name: PLAYLISTS.newPlaylist }).click();
  const builder = page.getByRole("dialog");
  await builder.getByRole("textbox").fill("Next Fest loop");
  for (const name of ["intro.mp4", "trailer.mp4"])
    await builder.getByRole("combobox", { name: PLAYLISTS.addVideo }).selectOption({ label: name });
  await builder.getByRole("button", { name: PLAYLISTS.save }).click();
  await page.getByTestId("playlists-section").getByText("intro.mp4 → trailer.mp4").waitFor();

  // The window, a few seconds ahead, on the destination card.
  await page.getByRole("link", { name: "Streaming" }).first().click();
  await page.getByText(STREAMING.managingFor("Starfall")).waitFor();
  const card = page.locator(`[data-testid=destination-${destination.id}]`);
  await card.getByRole("button", { name: `${SCHEDULES_UI.button} Next Fest ingest` }).click();
  const dialog = page.getByRole("dialog", { name: SCHEDULES_UI.dialogTitle });
  const startsAt = Math.ceil((Date.now() + LEAD_MS) / 1000) * 1000;
  const endsAt = startsAt + WINDOW_MS;
  await dialog.getByLabel(SCHEDULES_UI.startsAt).fill(localInput(startsAt));
  await dialog.getByLabel(SCHEDULES_UI.endsAt).fill(localInput(endsAt));
  await dialog.getByLabel(SCHEDULES_UI.media).selectOption({ label: "Next Fest loop" });
  await dialog.getByRole("button", { name: SCHEDULES_UI.add }).click();
  await dialog.getByText(SCHEDULES_UI.playlist("Next Fest loop")).waitFor();
  expect(Date.now()).toBeLessThan(startsAt);
  await dialog.getByRole("button", { name: SCHEDULES_UI.close }).first().click();
  await card
    .getByTestId("next-schedule")
    .getByText(/^Next start: /)
    .waitFor();

  // It starts on its own, and the open page shows it without a reload: the card leaves Idle soon
  // after the window's start, and reads Live soon after the first frame reached the ingest.
  // A start quicker than one poll goes from Idle straight to Live, so either word ends Idle.
  const badge = (...statuses: string[]) =>
    card.locator(statuses.map((s) => `[data-status=${s}]`).join(", ")).first();
  await badge("starting", "running").waitFor({ timeout: LEAD_MS + 10_000 });
  const startingShownAt = Date.now();
  await badge("running").waitFor({ timeout: 15_000 });
  const liveShownAt = Date.now();
  await until(() => nginx.events.some((e) => e.call === "publish"), 10_000, "the publish");
  const published = nginx.events.find((e) => e.call === "publish")!;
  console.log(
    `window start → page: Idle ended after ${startingShownAt - startsAt} ms, Live after ${liveShownAt - startsAt} ms ` +
      `(publish at ${published.at - startsAt} ms, page ${liveShownAt - published.at} ms behind it)`,
  );
  expect(published.at - startsAt).toBeLessThan(5000);
  expect(startingShownAt - startsAt).toBeLessThan(5000);
  expect(liveShownAt - published.at).toBeLessThan(5000);
  await card
    .getByTestId("playlist-on-air")
    .getByText(/^On air: (intro|trailer)\.mp4 · next in /)
    .waitFor();
  await until(
    () => receiver.received.some((h) => h.body.includes("schedule.started")),
    5000,
    "schedule.started",
  );

  // It ends on its own, within 5 s of the window's end, after a single session.
  await until(() => nginx.events.some((e) => e.call === "publish_done"), WINDOW_MS + 10_000, "the end");
  const done = nginx.events.find((e) => e.call === "publish_done")!;
  expect(Math.abs(done.at - endsAt)).toBeLessThan(5000);
  expect(nginx.events.filter((e) => e.call === "publish")).toHaveLength(1);
  await until(() => receiver.received.some((h) => h.body.includes("schedule.ended")), 5000, "schedule.ended");
  expect(receiver.received.map((h) => h.body).join()).not.toContain("window-key");

  // The uptime: the window was meant to be live and was, apart from the start-up. The card shows
  // the same figures after a reload (it refreshes on its own only each minute).
  const uptimeOf = async (days: number) =>
    (await page.request.get(`${app.url}/api/destinations/${destination.id}/uptime?days=${days}`)).json();
  const [day, week] = await Promise.all([uptimeOf(1), uptimeOf(7)]);
  expect(day.failures).toBe(0);
  expect(day.intended_seconds).toBeGreaterThan(WINDOW_MS / 1000 - 3);
  expect(day.intended_seconds).toBeLessThan(WINDOW_MS / 1000 + 3);
  expect(day.uptime_percent).toBeGreaterThan(80);
  await page.reload();
  await card
    .getByTestId(`uptime-${destination.id}`)
    .getByText(HEALTH_UI.uptime(day, week), { exact: true })
    .waitFor();
}, 110_000);
