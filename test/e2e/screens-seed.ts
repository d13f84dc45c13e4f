import { Database } from "bun:sqlite";
import { join } from "node:path";
import { seedDemo } from "@server/demo/seed";
import { createDeps } from "@server/deps";
import { loadEnv } from "@server/platform/env";
import { seedHealth } from "./health-seed";

// Fills a running console's database so every screen has something to show: the demo's studio
// (two projects with analytics, a trailer, a destination and a stream history), more studios and
// people, a second destination with a long name that must still fit a phone, and a project whose
// financial analytics have no sales yet.

const LONG_DESTINATION = "Starfall Outpost Launch Week - YouTube Backup Channel";

export async function seedScreens(dataDir: string, steamEnv: Record<string, string>, partnerKey: string) {
  const env = loadEnv({
    ...process.env,
    ...steamEnv,
    DATA_DIR: dataDir,
    STEAM_WEB_API_KEY: "",
    STEAM_PARTNER_API_KEY: partnerKey,
  });
  const deps = createDeps(env);
  const seeded = await seedDemo(deps);
  await deps.closeDb();

  const db = new Database(join(dataDir, "console.db"));
  const now = Date.now();
  const studios = ["Lantern Games", "Northwind Interactive", "Pixel Harbor Studios Incorporated"];
  for (const [i, name] of studios.entries()) {
    const slug = name.toLowerCase().replaceAll(" ", "-");
    const org = db
      .query("INSERT INTO organizations (name, slug, is_active) VALUES (?, ?, ?) RETURNING id")
      .get(name, slug, i === 2 ? 0 : 1) as { id: number };
    db.query(
      "INSERT INTO users (name, email, password_hash, role, org_id, is_active, last_login) VALUES (?, ?, 'x', ?, ?, ?, ?)",
    ).run(
      `${name.split(" ")[0]} Producer`,
      `producer@${slug}.example`,
      i === 0 ? "viewer" : "developer",
      org.id,
      i === 1 ? 0 : 1,
      i === 0 ? now - 3_600_000 : null,
    );
  }
  const project = seeded.projects[0]!;
  const media = db.query("SELECT id FROM media_files WHERE project_id = ?").get(project.id) as { id: number };
  const dest = db
    .query(
      "INSERT INTO destinations (project_id, name, type, rtmp_url, stream_key, autorestart, created_by) VALUES (?, ?, 'custom', 'rtmp://127.0.0.1:1/live', 'k', 1, 1) RETURNING id",
    )
    .get(project.id, LONG_DESTINATION) as { id: number };
  db.query(
    `INSERT INTO streams (project_id, destination_id, media_id, media_name, media_size, destination_name,
       destination_type, status, error_count, started_by, started_at, stopped_at)
     VALUES (?, ?, ?, 'Starfall Outpost - Launch Trailer.mp4', 1000000, ?, 'custom', 'stopped', 0, 1, ?, ?)`,
  ).run(project.id, dest.id, media.id, LONG_DESTINATION, now - 3 * 3_600_000, now - 2 * 3_600_000);
  // A playlist of the trailer, and a stream of it in the history (the row names the playlist).
  const playlist = db
    .query(
      "INSERT INTO playlists (project_id, name, created_by) VALUES (?, 'Launch Week Loop', 1) RETURNING id",
    )
    .get(project.id) as { id: number };
  for (const position of [0, 1]) {
    db.query("INSERT INTO playlist_items (playlist_id, position, media_id) VALUES (?, ?, ?)").run(
      playlist.id,
      position,
      media.id,
    );
  }
  db.query(
    `INSERT INTO streams (project_id, destination_id, media_name, media_size, destination_name, destination_type,
       status, error_count, started_by, started_at, stopped_at, playlist_id, playlist_name)
     VALUES (?, ?, 'Launch Week Loop', 2000000, ?, 'custom', 'stopped', 0, 1, ?, ?, ?, 'Launch Week Loop')`,
  ).run(project.id, dest.id, LONG_DESTINATION, now - 5 * 3_600_000, now - 4 * 3_600_000, playlist.id);
  // A Discord webhook with a delivered, a retried and a failed delivery.
  const hook = db
    .query(
      `INSERT INTO webhooks (project_id, url, format, events, secret, created_at) VALUES (?, ?, 'discord', ?, 'whsec_x', ?) RETURNING id`,
    )
    .get(
      project.id,
      "https://discord.com/api/webhooks/123/token-secret",
      JSON.stringify(["stream.failed", "stream.restarting_repeatedly", "stream.recovered"]),
      now,
    ) as { id: number };
  for (const [event, status, http, attempts, ago] of [
    ["stream.recovered", "delivered", 204, 1, 60_000],
    ["stream.failed", "delivered", 204, 3, 120_000],
    ["stream.restarting_repeatedly", "failed", 500, 12, 3_600_000],
  ] as const)
    db.query(
      `INSERT INTO webhook_deliveries (webhook_id, event, payload, status, http_status, attempts, next_attempt_at, created_at)
       VALUES (?, ?, '{}', ?, ?, ?, ?, ?)`,
    ).run(hook.id, event, status, http, attempts, now - ago, now - ago);
  seedHealth(db, project.id, now);
  // A game outside the partner account: financial analytics on, but no sales to show.
  const quiet = db
    .query(
      `INSERT INTO projects (name, description, org_id, steam_app_id, steam_analytics_enabled, financial_analytics_enabled)
       VALUES ('Tidal Drift', 'A sailing sim before launch.', ?, 2671090, 1, 1) RETURNING id`,
    )
    .get(seeded.org.id) as { id: number };
  db.close();
  return { projectId: project.id, noSalesProjectId: quiet.id };
}
