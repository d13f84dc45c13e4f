// Screenshots of an opened history row whose health chart marks a planned reconnect, at 1440x900 and
// 390x844: the real server on port 0 with its own data directory, rows put straight into its database.
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { openBrowser, signInThroughPage, startConsole, visit } from "@test/e2e/harness";

const app = await startConsole();
const b = await openBrowser();
try {
  await signInThroughPage(b.page, app.url);
  const orgs = await (await b.page.request.get(`${app.url}/api/organizations`)).json();
  const org = Array.isArray(orgs) ? orgs[0] : (orgs.organizations ?? orgs.items)[0];
  const project = await (
    await b.page.request.post(`${app.url}/api/projects`, {
      data: { name: "Moonlight Trailer", org_id: org.id },
    })
  ).json();
  const dest = await (
    await b.page.request.post(`${app.url}/api/destinations`, {
      data: {
        name: "Steam",
        type: "custom",
        rtmp_url: "rtmp://127.0.0.1:1935/live",
        stream_key: "k",
        project_id: project.id,
      },
    })
  ).json();
  const db = new Database(join(app.dataDir, "console.db"));
  const now = Date.now();
  const H = 3600_000;
  const start = now - 6 * H;
  const stream = db
    .query(
      `INSERT INTO streams (project_id, destination_id, media_name, destination_name, destination_type, status,
         started_at, stopped_at, planned_reconnects, last_planned_reconnect_at)
       VALUES (?, ?, 'trailer-1080p.mp4', 'Steam', 'custom', 'stopped', ?, ?, 1, ?) RETURNING id`,
    )
    .get(project.id, dest.id, start, now - H, start + 3 * H) as { id: number };
  const insert = db.query(
    `INSERT INTO health_samples (stream_id, at, span, bitrate_kbps, bitrate_min, bitrate_max, fps, fps_min,
       fps_max, speed, dropped, dup) VALUES (?, ?, 10, ?, ?, ?, ?, ?, ?, 1, ?, 0)`,
  );
  for (let at = start; at < now - H; at += 60_000) {
    // The planned reconnect leaves a gap of a few seconds; the samples go on after it.
    const kbps = 5900 + Math.round(Math.sin(at / 600_000) * 120);
    const drop = (at - start) % (97 * 60_000) === 0 && at !== start ? 3 : 0;
    insert.run(stream.id, at, kbps, kbps, kbps, drop ? 28 : 30, drop ? 28 : 30, 30, drop);
  }
  const run = db.query(
    "INSERT INTO live_runs (stream_id, destination_id, started_at, ended_at, planned) VALUES (?, ?, ?, ?, ?)",
  );
  run.run(stream.id, dest.id, start, start + 3 * H, 1);
  run.run(stream.id, dest.id, start + 3 * H + 1300, now - H, 0);
  db.close();

  await visit(b.page, `${app.url}/projects/${project.id}`);
  await b.page.waitForFunction((id) => localStorage.getItem("currentProjectId") === String(id), project.id);
  for (const [w, h, tag] of [
    [1440, 900, "desktop"],
    [390, 844, "phone"],
  ] as const) {
    await b.page.setViewportSize({ width: w, height: h });
    await visit(b.page, `${app.url}/streaming`);
    const row = b.page.locator(`[data-testid=history-${stream.id}]`);
    await row.locator("[aria-expanded]").first().click();
    await b.page.waitForSelector(".planned-reconnect line", { timeout: 15000, state: "attached" });
    await b.page.mouse.move(0, 0);
    await b.page.waitForTimeout(800);
    await b.page.locator(`[data-testid=health-${stream.id}]`).scrollIntoViewIfNeeded();
    await b.page.screenshot({ path: `shots/history-planned-reconnect-${tag}.png` });
  }
} finally {
  await b.close();
  await app.stop();
}
