import { describe, expect, test } from "bun:test";
import { webhooks } from "@server/platform/db/schema";
import { PLAYLISTS } from "@shared/messages/playlists";
import { STREAMING } from "@shared/messages/streaming";
import { sessionCookie } from "../../support/api-tokens";
import { steamReadyMp4 } from "../../support/media";
import { makeOrg, makeProject, makeUser, testApp } from "../../support/server";
import { addVideo, signedInCaller, streamingWorld } from "../streaming/streaming-fixtures";

// From organization A's side, every id of organization B must answer exactly as an id that does not
// exist: same status, same body. Otherwise ids can be walked to learn what another studio holds.

const MISSING = 987_654;

async function world() {
  const w = await streamingWorld();
  // Organization A: the attacker (a manager, who may do the most), its project and destination.
  const attacker = await makeUser(w.deps, { role: "manager", orgId: w.org.id });
  const ownDestination = await w.asDev.streaming.createDestination({
    name: "Own",
    type: "custom",
    rtmp_url: "rtmp://127.0.0.1:1/live",
    stream_key: "k",
    autorestart: false,
    project_id: w.project.id,
  });
  const ownPlaylist = await w.asDev.playlists.create({
    project_id: w.project.id,
    name: "Own list",
    media_ids: [(await addVideo(w.deps, w.project.id, await steamReadyMp4(6))).id],
  });
  // Organization B: the target.
  const orgB = await makeOrg(w.deps, "Studio B");
  const managerB = await makeUser(w.deps, { role: "manager", orgId: orgB.id });
  const projectB = await makeProject(w.deps, { orgId: orgB.id, createdBy: managerB.id });
  const asB = await signedInCaller(w.deps, managerB.id);
  const mediaB = await addVideo(w.deps, projectB.id, await steamReadyMp4(6));
  const playlistB = await asB.playlists.create({
    project_id: projectB.id,
    name: "B list",
    media_ids: [mediaB.id],
  });
  const destinationB = await asB.streaming.createDestination({
    name: "B",
    type: "custom",
    rtmp_url: "rtmp://127.0.0.1:1/live",
    stream_key: "kb",
    autorestart: false,
    project_id: projectB.id,
  });
  const scheduleB = await asB.schedules.create({
    destination_id: destinationB.id,
    days: ["fri"],
    from: "10:00",
    to: "11:00",
    timezone: "UTC",
    media_id: mediaB.id,
  });
  const webhookB = (
    await w.deps.db
      .insert(webhooks)
      .values({
        projectId: projectB.id,
        url: "https://hooks.example.com/b",
        format: "generic",
        events: ["stream.failed"],
        secret: "whsec_b",
        createdAt: w.deps.now(),
      })
      .returning()
  )[0]!;
  const t = testApp(w.deps);
  const cookie = await sessionCookie(w.deps, attacker.id);
  const call = async (path: string, method = "GET", json?: unknown) => {
    const res = await t.call(path, { method, json, cookie });
    return { status: res.status, body: await res.text() };
  };
  return { w, call, ownDestination, ownPlaylist, mediaB, playlistB, destinationB, scheduleB, webhookB };
}

type World = Awaited<ReturnType<typeof world>>;

/** Requests that take one id; each is sent with B's id and with a missing one. */
const probes: [string, (w: World) => number, (id: number, w: World) => [string, string?, unknown?]][] = [
  [
    "start a stream with B's media",
    (w) => w.mediaB.id,
    (id, w) => [`/api/destinations/${w.ownDestination.id}/stream`, "POST", { mediaId: id }],
  ],
  [
    "start a stream with B's playlist",
    (w) => w.playlistB.id,
    (id, w) => [`/api/destinations/${w.ownDestination.id}/stream`, "POST", { playlistId: id }],
  ],
  [
    "build a playlist with B's media",
    (w) => w.mediaB.id,
    (id, w) => ["/api/playlists", "POST", { project_id: w.w.project.id, name: "Probe", media_ids: [id] }],
  ],
  [
    "change a playlist to B's media",
    (w) => w.mediaB.id,
    (id, w) => [`/api/playlists/${w.ownPlaylist.id}`, "PUT", { media_ids: [id] }],
  ],
  [
    "schedule B's media",
    (w) => w.mediaB.id,
    (id, w) => [
      `/api/destinations/${w.ownDestination.id}/schedules`,
      "POST",
      { days: ["mon"], from: "10:00", to: "11:00", timezone: "UTC", media_id: id },
    ],
  ],
  [
    "schedule B's playlist",
    (w) => w.playlistB.id,
    (id, w) => [
      `/api/destinations/${w.ownDestination.id}/schedules`,
      "POST",
      { days: ["mon"], from: "10:00", to: "11:00", timezone: "UTC", playlist_id: id },
    ],
  ],
  ["stream B's media file", (w) => w.mediaB.id, (id) => [`/api/media/stream/${id}`]],
  ["read B's poster", (w) => w.mediaB.id, (id) => [`/api/media/poster/${id}`]],
  ["delete B's media", (w) => w.mediaB.id, (id) => [`/api/media/${id}`, "DELETE"]],
  ["change B's playlist", (w) => w.playlistB.id, (id) => [`/api/playlists/${id}`, "PUT", { name: "Taken" }]],
  ["delete B's playlist", (w) => w.playlistB.id, (id) => [`/api/playlists/${id}`, "DELETE"]],
  [
    "change B's destination",
    (w) => w.destinationB.id,
    (id) => [`/api/destinations/${id}`, "PUT", { name: "Taken" }],
  ],
  ["delete B's destination", (w) => w.destinationB.id, (id) => [`/api/destinations/${id}`, "DELETE"]],
  [
    "start B's destination",
    (w) => w.destinationB.id,
    (id, w) => [`/api/destinations/${id}/stream`, "POST", { mediaId: w.mediaB.id }],
  ],
  ["read B's destination's uptime", (w) => w.destinationB.id, (id) => [`/api/destinations/${id}/uptime`]],
  ["list B's destination's windows", (w) => w.destinationB.id, (id) => [`/api/destinations/${id}/schedules`]],
  [
    "add a window to B's destination",
    (w) => w.destinationB.id,
    (id, w) => [
      `/api/destinations/${id}/schedules`,
      "POST",
      { days: ["mon"], from: "10:00", to: "11:00", timezone: "UTC", media_id: w.mediaB.id },
    ],
  ],
  ["delete B's window", (w) => w.scheduleB.id, (id) => [`/api/schedules/${id}`, "DELETE"]],
  ["delete B's webhook", (w) => w.webhookB.id, (id) => [`/api/webhooks/${id}`, "DELETE"]],
  ["test B's webhook", (w) => w.webhookB.id, (id) => [`/api/webhooks/${id}/test`, "POST"]],
  ["read B's webhook deliveries", (w) => w.webhookB.id, (id) => [`/api/webhooks/${id}/deliveries`]],
];

describe("another organization's ids read exactly like missing ones", () => {
  test("every probe answers B's id and a missing id with the same status and body", async () => {
    const w = await world();
    const differences: string[] = [];
    for (const [what, idOf, request] of probes) {
      const id = idOf(w);
      const theirs = await w.call(...(request(id, w) as [string, string?, unknown?]));
      const missing = await w.call(...(request(MISSING, w) as [string, string?, unknown?]));
      // An id echoed in the body (`media_id`) is the request's own; everything else must match.
      const same = (a: string, n: number) => a.replaceAll(String(n), "ID");
      expect(theirs.status).toBeGreaterThanOrEqual(400);
      if (theirs.status !== missing.status || same(theirs.body, id) !== same(missing.body, MISSING))
        differences.push(`${what}: ${theirs.status} ${theirs.body} vs ${missing.status} ${missing.body}`);
    }
    expect(differences).toEqual([]);
  });

  test("the old tells are gone: B's media is 'not found', not 'another project'", async () => {
    const w = await world();
    const start = await w.call(`/api/destinations/${w.ownDestination.id}/stream`, "POST", {
      mediaId: w.mediaB.id,
    });
    expect(start).toEqual({ status: 400, body: JSON.stringify({ error: STREAMING.mediaNotFound }) });
    const list = await w.call("/api/playlists", "POST", {
      project_id: w.w.project.id,
      name: "Probe",
      media_ids: [w.mediaB.id],
    });
    expect(list.status).toBe(400);
    expect(JSON.parse(list.body).error).toBe(PLAYLISTS.mediaNotFound);
  });

  test("a video of another project of one's own organization is still named as such", async () => {
    const w = await world();
    const sibling = await makeProject(w.w.deps, { orgId: w.w.org.id, name: "Sibling" });
    const media = await addVideo(w.w.deps, sibling.id, await steamReadyMp4(6));
    const start = await w.call(`/api/destinations/${w.ownDestination.id}/stream`, "POST", {
      mediaId: media.id,
    });
    expect(start).toEqual({ status: 400, body: JSON.stringify({ error: STREAMING.mediaOtherProject }) });
    const list = await w.call("/api/playlists", "POST", {
      project_id: w.w.project.id,
      name: "Probe",
      media_ids: [media.id],
    });
    expect(JSON.parse(list.body).error).toBe(PLAYLISTS.mediaOtherProject);
  });
});
