import { expect, test } from "bun:test";
import { createSession, generateSessionToken } from "@server/features/auth/session";
import { mediaFiles, playlists, schedules } from "@server/platform/db/schema";
import { SESSION_COOKIE } from "@server/platform/http/cookies";
import { SCHEDULES } from "@shared/messages/schedules";
import { steamReadyMp4 } from "../../support/media";
import { makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";
import { addVideo } from "../streaming/streaming-fixtures";

// A broadcast window names the file or playlist it streams: deleting either while a window uses it
// would cancel a planned broadcast without a word, so it is refused, naming the destination.

const NOW = Date.parse("2026-12-01T00:00:00Z");

test("a scheduled media file or playlist cannot be deleted until its window is", async () => {
  const deps = testDeps({}, { now: () => NOW });
  const t = testApp(deps);
  const org = await makeOrg(deps);
  const admin = await makeUser(deps, { role: "admin", orgId: org.id });
  const token = generateSessionToken();
  await createSession(deps.db, token, admin.id, NOW);
  const cookie = `${SESSION_COOKIE}=${token}`;
  const project = await makeProject(deps, { orgId: org.id });
  const video = await addVideo(deps, project.id, await steamReadyMp4(2));
  const call = (path: string, method: string, json?: unknown) => t.call(path, { method, cookie, json });
  const destination = (await (
    await call("/api/destinations", "POST", {
      name: "Next Fest ingest",
      type: "custom",
      rtmp_url: "rtmp://127.0.0.1/live",
      stream_key: "k",
      project_id: project.id,
    })
  ).json()) as { id: number };
  const playlist = (await (
    await call("/api/playlists", "POST", { project_id: project.id, name: "Loop", media_ids: [video.id] })
  ).json()) as { id: number };
  // The playlist holds the video too, so the playlist goes first, then its window.
  const window = { starts_at: "2026-12-02T18:00:00Z", ends_at: "2026-12-02T19:00:00Z" };
  const byPlaylist = await call(`/api/destinations/${destination.id}/schedules`, "POST", {
    ...window,
    playlist_id: playlist.id,
  });
  expect(byPlaylist.status).toBe(201);
  const refusedPlaylist = await call(`/api/playlists/${playlist.id}`, "DELETE");
  expect(refusedPlaylist.status).toBe(409);
  expect(await refusedPlaylist.json()).toEqual({ error: SCHEDULES.playlistScheduled("Next Fest ingest") });
  expect(await deps.db.select().from(playlists)).toHaveLength(1);

  const { id: playlistWindow } = (await byPlaylist.json()) as { id: number };
  expect((await call(`/api/schedules/${playlistWindow}`, "DELETE")).status).toBe(200);
  expect((await call(`/api/playlists/${playlist.id}`, "DELETE")).status).toBe(200);

  const byMedia = await call(`/api/destinations/${destination.id}/schedules`, "POST", {
    ...window,
    media_id: video.id,
  });
  expect(byMedia.status).toBe(201);
  const refusedMedia = await call(`/api/media/${video.id}`, "DELETE");
  expect(refusedMedia.status).toBe(409);
  expect(await refusedMedia.json()).toEqual({ error: SCHEDULES.mediaScheduled("Next Fest ingest") });
  expect(await deps.db.select().from(mediaFiles)).toHaveLength(1);
  expect(await deps.db.select().from(schedules)).toHaveLength(1);

  const { id: mediaWindow } = (await byMedia.json()) as { id: number };
  expect((await call(`/api/schedules/${mediaWindow}`, "DELETE")).status).toBe(200);
  expect((await call(`/api/media/${video.id}`, "DELETE")).status).toBe(200);
});
