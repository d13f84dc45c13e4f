import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { HEALTH_UI } from "@client/messages/health-ui";
import { STREAMING } from "@shared/messages/streaming";
import type { Page } from "playwright-core";
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

// The words a studio reads about streams that are not well, in Chromium against the real server and
// real ffmpeg, at a desktop and a phone size: a card retrying a closed port reads "Reconnecting", a
// short trial against one, stopped, reads its uptime beside its length ("0.0% of 12 s") and its history row
// "Never connected"; the dashboard dates Recent Activity by its end and names the lowest uptime of
// the week. Each screen is shot (SHOTS_DIR, else test-results/screens/) and must not scroll sideways.

const SHOTS = process.env.SHOTS_DIR ?? join(import.meta.dir, "..", "..", "test-results", "screens");
const SIZES = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
];
const HOUR = 3_600_000;

let app: Console;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let projectId: number;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startConsole({ ALLOW_PRIVATE_TARGETS: "on" });
  projectId = seedProject(app, "studio-e2e-states", "Starfall Outpost");
  browser = await openBrowser();
}, 120_000);

afterAll(async () => {
  await Promise.allSettled([browser?.close(), app?.stop()]);
});

/** A broadcast of last night with a 20-minute outage: wanted 3 h, live 2 h 40 min (88.9 %). */
function seedLastNight(destinationId: number, now: number) {
  const db = new Database(join(app.dataDir, "console.db"));
  try {
    const start = now - 10 * HOUR;
    const end = start + 3 * HOUR;
    const stream = db
      .query(
        `INSERT INTO streams (project_id, destination_id, media_name, destination_name, destination_type,
           status, started_at, stopped_at, error_count) VALUES (?, ?, 'launch-trailer.mp4', 'Night ingest',
           'custom', 'stopped', ?, ?, 1) RETURNING id`,
      )
      .get(projectId, destinationId, start, end) as { id: number };
    db.query(
      "INSERT INTO destination_intents (destination_id, source, started_at, ended_at) VALUES (?, 'user', ?, ?)",
    ).run(destinationId, start, end);
    const run = db.query(
      "INSERT INTO live_runs (stream_id, destination_id, started_at, ended_at) VALUES (?, ?, ?, ?)",
    );
    run.run(stream.id, destinationId, start, start + 2 * HOUR);
    run.run(stream.id, destinationId, start + 2 * HOUR + 20 * 60_000, end);
    db.query("INSERT INTO destination_failures (destination_id, stream_id, at) VALUES (?, ?, ?)").run(
      destinationId,
      stream.id,
      start + 2 * HOUR,
    );
  } finally {
    db.close();
  }
}

/** The page never scrolls sideways: the innermost elements past the right edge, if any. */
const overflow = (page: Page) =>
  page.evaluate(() =>
    [...document.body.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .filter((el) => ![...el.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1))
      .map((el) => `<${el.tagName.toLowerCase()}>${el.textContent?.slice(0, 40)}`),
  );

async function shootBoth(page: Page, name: string, problems: string[], fullPage = true) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // Transitions settle; the live badges' pulse runs for ever and is not waited on.
    await page.waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      null,
      { timeout: 5000 },
    );
    await page.screenshot({ path: join(SHOTS, `${name}-${size.name}.png`), fullPage });
    for (const wide of await overflow(page)) problems.push(`${name} ${size.name}: ${wide}`);
  }
  await page.setViewportSize(SIZES[0]!);
}

test("Reconnecting, a short trial's uptime, Never connected and the dashboard, at both sizes", async () => {
  const { page } = browser;
  await page.setViewportSize(SIZES[0]!);
  await signInThroughPage(page, app.url);
  const media = await uploadVideo(page, app.url, projectId, "launch-trailer.mp4", await steamReadyMp4(6));
  const destination = async (name: string, autorestart: boolean) => {
    const res = await page.request.post(`${app.url}/api/destinations`, {
      data: {
        name,
        type: "custom",
        rtmp_url: `rtmp://127.0.0.1:${freePort()}/live`,
        stream_key: "closed-port-key",
        autorestart,
        project_id: projectId,
      },
    });
    expect(res.status()).toBe(201);
    return (await res.json()) as { id: number };
  };
  const start = (destinationId: number) =>
    page.request.post(`${app.url}/api/destinations/${destinationId}/stream`, { data: { mediaId: media.id } });
  const night = await destination("Night ingest", false);
  seedLastNight(night.id, Date.now());
  // A trial against a closed port with auto-restart, stopped after its retries: it never sent a frame.
  const trial = await destination("Quick test", true);
  const trialStream = (await (await start(trial.id)).json()) as { id: number };
  const retrying = await destination("Steam Next Fest 24/7 broadcast (backup ingest)", true);
  expect((await start(retrying.id)).status()).toBe(201);

  await visit(page, `${app.url}/projects/${projectId}`);
  await page.waitForFunction((id) => localStorage.getItem("currentProjectId") === String(id), projectId);
  await page.getByRole("link", { name: "Streaming" }).first().click();
  await page.getByText(STREAMING.managingFor("Starfall Outpost")).waitFor();
  const card = (id: number) => page.locator(`[data-testid=destination-${id}]`);
  await card(trial.id).locator("[data-status=reconnecting]").waitFor({ timeout: 20_000 });
  const stop = await page.request.post(`${app.url}/api/streams/stop`, { data: { streamId: trialStream.id } });
  expect(stop.status()).toBe(200);
  await card(retrying.id).locator("[data-status=reconnecting]").waitFor({ timeout: 20_000 });
  await card(trial.id)
    .getByTestId(`uptime-${trial.id}`)
    .getByText(/^Uptime 24 h 0\.0% of \d+ s/)
    .waitFor({ timeout: 20_000 });
  await page.locator("[data-testid^=history-] [data-status=never_connected]").first().waitFor();

  const problems: string[] = [];
  await shootBoth(page, "states-streaming", problems);
  await visit(page, `${app.url}/dashboard`);
  await page
    .getByTestId("worst-uptime")
    .getByText(/88\.9%/)
    .waitFor({ timeout: 15_000 });
  expect(await page.getByTestId("worst-uptime").textContent()).toContain(HEALTH_UI.worstUptimeLabel);
  await shootBoth(page, "states-dashboard", problems);
  expect(problems).toEqual([]);
}, 120_000);
