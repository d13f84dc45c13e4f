import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MEDIA } from "@shared/messages/media";
import { MEDIA_LIBRARY } from "@shared/messages/media-library";
import type { Page } from "playwright-core";
import { type Console, openBrowser, seedProject, signInThroughPage, startConsole, visit } from "./harness";

// The media library in Chromium against the real server, with 30 files: search and sort as you
// type, a delete of several refused while a playlist holds one of them, then done; the storage on
// the tab and the dashboard. Screenshots at a desktop and a phone size go to SHOTS_DIR (or
// test-results/screens/, gitignored) for a person to look at.

const ROOT = join(import.meta.dir, "..", "..");
const SHOTS = process.env.SHOTS_DIR ?? join(ROOT, "test-results", "screens");
const SIZES = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
];
const MB = 1024 ** 2;
const NAMES = [
  "Launch Trailer",
  "Gameplay Overview",
  "Boss Fight",
  "Teaser",
  "Steam Next Fest Demo",
  "Dev Diary",
  "Soundtrack Preview",
  "Early Access Announcement",
  "Key Art",
  "Capsule Art",
];

let app: Console;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let projectId: number;
const work = mkdtempSync(join(tmpdir(), "console-e2e-library-"));

function ffmpeg(args: string[]) {
  const made = Bun.spawnSync([process.env.FFMPEG_PATH ?? "ffmpeg", "-loglevel", "error", "-y", ...args]);
  if (made.exitCode !== 0) throw new Error(made.stderr.toString());
}

/** 30 files of three kinds of readiness, with posters, a converted copy and a playlist holding one. */
function seedLibrary(dataDir: string, project: number) {
  const media = join(dataDir, "media");
  for (const dir of ["posters", "prepared"]) mkdirSync(join(media, dir), { recursive: true });
  const posters = ["testsrc2", "smptebars", "rgbtestsrc", "mandelbrot"].map((source, i) => {
    const out = join(work, `poster-${i}.jpg`);
    ffmpeg(["-f", "lavfi", "-i", `${source}=size=480x270:rate=1`, "-frames:v", "1", out]);
    return out;
  });
  const db = new Database(join(dataDir, "console.db"));
  try {
    const admin = db.query("SELECT id FROM users WHERE role = 'admin' LIMIT 1").get() as { id: number };
    const day = 86_400_000;
    const start = Date.now() - 40 * day;
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      const image = i % 10 >= 8;
      const name = `${NAMES[i % 10]}${i >= 10 ? ` v${Math.floor(i / 10) + 1}` : ""}.${image ? "png" : "mp4"}`;
      const stored = `${crypto.randomUUID()}.${image ? "png" : "mp4"}`;
      writeFileSync(join(media, stored), "x");
      const poster = `${crypto.randomUUID()}.jpg`;
      copyFileSync(posters[i % posters.length]!, join(media, "posters", poster));
      const ready = !image && i % 3 !== 1;
      const row = db
        .query(
          `INSERT INTO media_files (project_id, original_name, stored_name, mime_type, file_size, kind,
             duration_seconds, width, height, video_codec, audio_codec, frame_rate, keyframe_interval,
             steam_ready, steam_reasons, poster_name, uploaded_by, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, 1920, 1080, ?, ?, ?, 2, ?, ?, ?, ?, ?) RETURNING id`,
        )
        .get(
          project,
          name,
          stored,
          image ? "image/png" : "video/mp4",
          Math.round(((i * 37) % 29) * 41 * MB + 3 * MB),
          image ? "image" : "video",
          image ? null : 30 + i,
          image ? null : "h264",
          image ? null : "aac",
          image ? null : i % 3 === 1 ? 25 : 30,
          ready ? 1 : 0,
          JSON.stringify(image || ready ? [] : ["25 frames per second; Steam needs 30 or 60"]),
          poster,
          admin.id,
          start + i * day,
        ) as { id: number };
      ids.push(row.id);
    }
    // One converted copy on the disk (counted in the storage), one conversion under way.
    const copy = `${ids[1]}-steam6000-copy.mp4`;
    writeFileSync(join(media, "prepared", copy), Buffer.alloc(2 * MB));
    db.query(
      "INSERT INTO media_preparations (media_id, status, percent, output_name) VALUES (?, 'done', 100, ?)",
    ).run(ids[1]!, copy);
    db.query("INSERT INTO media_preparations (media_id, status, percent) VALUES (?, 'running', 42)").run(
      ids[4]!,
    );
    const playlist = db
      .query("INSERT INTO playlists (project_id, name) VALUES (?, 'Launch loop') RETURNING id")
      .get(project) as { id: number };
    db.query("INSERT INTO playlist_items (playlist_id, position, media_id) VALUES (?, 0, ?)").run(
      playlist.id,
      ids[29]!,
    );
    // Two more projects of the studio, smaller, so the dashboard compares them.
    for (const [name, sizes] of [
      ["Moonlight Drift", [640, 220, 95]],
      ["Tiny Tactics", [48]],
    ] as const) {
      const other = db
        .query("INSERT INTO projects (name, org_id) SELECT ?, org_id FROM projects WHERE id = ? RETURNING id")
        .get(name, project) as { id: number };
      for (const [i, mb] of sizes.entries()) {
        const stored = `${crypto.randomUUID()}.mp4`;
        writeFileSync(join(media, stored), "x");
        db.query(
          `INSERT INTO media_files (project_id, original_name, stored_name, mime_type, file_size, kind, uploaded_by, created_at)
           VALUES (?, ?, ?, 'video/mp4', ?, 'video', ?, ?)`,
        ).run(other.id, `Clip ${i + 1}.mp4`, stored, mb * MB, admin.id, start);
      }
    }
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startConsole();
  projectId = seedProject(app, "studio-e2e-library", "Starfall Outpost");
  seedLibrary(app.dataDir, projectId);
  browser = await openBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** How far the page scrolls sideways (0 when it fits its width). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const cardNames = (page: Page) =>
  page
    .locator("[data-testid=media-card] p[title]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("title")));

test("30 files: searched, sorted, several deleted at once; storage on the tab and the dashboard", async () => {
  const { page } = browser;
  await signInThroughPage(page, app.url);
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await visit(page, `${app.url}/projects/${projectId}/media`);
    await page.getByTestId("media-storage").waitFor();
    await page.locator("[data-testid=media-card] img").first().waitFor();
    expect(await page.getByTestId("media-card").count()).toBe(30);
    expect(await sideways(page)).toBe(0);
    await page.screenshot({ path: join(SHOTS, `media-library-${size.name}.png`) });
    await visit(page, `${app.url}/dashboard`);
    await page.getByTestId("storage-panel").waitFor();
    expect(await sideways(page)).toBe(0);
    await page.getByTestId("storage-panel").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `dashboard-storage-${size.name}.png`), fullPage: true });
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  await visit(page, `${app.url}/projects/${projectId}/media`);
  await page.getByTestId("media-storage").waitFor();
  await page.getByLabel(MEDIA_LIBRARY.searchLabel).fill("launch trailer");
  expect(await cardNames(page)).toEqual([
    "Launch Trailer v3.mp4",
    "Launch Trailer v2.mp4",
    "Launch Trailer.mp4",
  ]);
  await page.getByLabel(MEDIA_LIBRARY.sortLabel).selectOption("name");
  expect(await cardNames(page)).toEqual([
    "Launch Trailer.mp4",
    "Launch Trailer v2.mp4",
    "Launch Trailer v3.mp4",
  ]);

  // Capsule Art v3 is in a playlist: asking for it and two others deletes nothing and says why.
  await page.getByLabel(MEDIA_LIBRARY.searchLabel).fill("capsule");
  for (const n of ["Capsule Art.png", "Capsule Art v2.png", "Capsule Art v3.png"]) await toggle(page, n);
  await page.getByText(MEDIA_LIBRARY.selected(3)).waitFor();
  await page.screenshot({ path: join(SHOTS, "media-library-selected-desktop.png") });
  await page.getByRole("button", { name: MEDIA_LIBRARY.deleteSelected }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: MEDIA.delete }).click();
  await page.getByText(/Nothing was deleted, because a file is still in use/).waitFor();
  await page.screenshot({ path: join(SHOTS, "media-library-refused-desktop.png") });
  expect(await page.getByTestId("media-card").count()).toBe(3);

  // Without it, the other two go. The click waits for the closing dialog to let go of the page.
  await toggle(page, "Capsule Art v3.png");
  await page.getByText(MEDIA_LIBRARY.selected(2)).waitFor();
  await page.getByRole("button", { name: MEDIA_LIBRARY.deleteSelected }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: MEDIA.delete }).click();
  await page.getByText(MEDIA_LIBRARY.deletedCount(2)).waitFor();
  expect(await cardNames(page)).toEqual(["Capsule Art v3.png"]);
});

/**
 * Ticks or unticks a card's checkbox with the mouse, as a person does: a click on its visible box
 * (the label around the hidden input), which waits until nothing covers it.
 */
async function toggle(page: Page, name: string): Promise<void> {
  await page.getByLabel(MEDIA_LIBRARY.selectLabel(name)).locator("xpath=..").click();
}
