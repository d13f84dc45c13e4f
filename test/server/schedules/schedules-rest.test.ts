import { beforeAll, describe, expect, test } from "bun:test";
import { createSession, generateSessionToken } from "@server/features/auth/session";
import { schedules } from "@server/platform/db/schema";
import { SESSION_COOKIE } from "@server/platform/http/cookies";
import { SCHEDULES } from "@shared/messages/schedules";
import { STREAMING } from "@shared/messages/streaming";
import { asc } from "drizzle-orm";
import { steamReadyMp4 } from "../../support/media";
import { makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";
import { addVideo } from "../streaming/streaming-fixtures";

// The schedule paths from the outside: what each role may do, and every wrong input answering 400/409
// JSON with nothing written.

const NOW = Date.parse("2026-12-01T00:00:00Z");

async function world() {
  const deps = testDeps({}, { now: () => NOW });
  const t = testApp(deps);
  const org = await makeOrg(deps);
  const other = await makeOrg(deps);
  const cookieOf = async (role: "developer" | "viewer" | "manager", orgId = org.id) => {
    const user = await makeUser(deps, { role, orgId });
    const token = generateSessionToken();
    await createSession(deps.db, token, user.id, NOW);
    return `${SESSION_COOKIE}=${token}`;
  };
  const dev = await cookieOf("developer");
  const project = await makeProject(deps, { orgId: org.id });
  const otherProject = await makeProject(deps, { orgId: other.id });
  const file = await steamReadyMp4(2);
  const video = await addVideo(deps, project.id, file);
  const foreignVideo = await addVideo(deps, otherProject.id, file);
  const image = await addVideo(deps, project.id, file, { kind: "image", mimeType: "image/png" });
  const res = await t.call("/api/destinations", {
    method: "POST",
    cookie: dev,
    json: {
      name: "Steam",
      type: "custom",
      rtmp_url: "rtmp://127.0.0.1/live",
      stream_key: "k",
      project_id: project.id,
    },
  });
  const destination = (await res.json()) as { id: number };
  return { t, deps, dev, cookieOf, other, project, video, foreignVideo, image, destination };
}

type World = Awaited<ReturnType<typeof world>>;
const post = (w: World, json: unknown, cookie = w.dev) =>
  w.t.call(`/api/destinations/${w.destination.id}/schedules`, { method: "POST", cookie, json });
const count = async (w: World) => (await w.deps.db.select().from(schedules)).length;

describe("schedule paths", () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  test("a developer adds a one-off and a weekly window; the list and the destination show them", async () => {
    const once = await post(w, {
      starts_at: "2026-12-02T18:00:00Z",
      ends_at: "2026-12-02T19:00:00-00:00",
      media_id: w.video.id,
    });
    expect(once.status).toBe(201);
    const weekly = await post(w, {
      days: ["fri", "sat"],
      from: "22:00",
      to: "02:00",
      timezone: "America/Los_Angeles",
      media_id: w.video.id,
    });
    expect(weekly.status).toBe(201);
    expect(await weekly.json()).toMatchObject({
      kind: "weekly",
      from: "22:00",
      to: "02:00",
      days: ["fri", "sat"],
    });
    const list = await w.t.call(`/api/destinations/${w.destination.id}/schedules`, { cookie: w.dev });
    expect(((await list.json()) as unknown[]).length).toBe(2);
    const dests = (await (await w.t.call(`/api/destinations/${w.project.id}`, { cookie: w.dev })).json()) as {
      next_schedule: unknown;
    }[];
    // Friday 2026-12-04 22:00 PST comes after the one-off of Wednesday.
    expect(dests[0]!.next_schedule).toEqual({ action: "start", at: Date.parse("2026-12-02T18:00:00Z") });
  });

  const bad: [string, (w: World) => unknown, string][] = [
    [
      "inverted",
      (w) => ({ starts_at: "2026-12-09T19:00:00Z", ends_at: "2026-12-09T18:00:00Z", media_id: w.video.id }),
      SCHEDULES.endBeforeStart,
    ],
    [
      "empty",
      (w) => ({ starts_at: "2026-12-09T19:00:00Z", ends_at: "2026-12-09T19:00:00Z", media_id: w.video.id }),
      SCHEDULES.endBeforeStart,
    ],
    [
      "in the past",
      (w) => ({ starts_at: "2026-11-01T19:00:00Z", ends_at: "2026-11-01T20:00:00Z", media_id: w.video.id }),
      SCHEDULES.startInPast,
    ],
    [
      "without an offset",
      (w) => ({ starts_at: "2026-12-09T19:00", ends_at: "2026-12-09T20:00", media_id: w.video.id }),
      SCHEDULES.dateInvalid,
    ],
    [
      "unknown time zone",
      (w) => ({
        days: ["mon"],
        from: "10:00",
        to: "11:00",
        timezone: "Pacific/Atlantis",
        media_id: w.video.id,
      }),
      SCHEDULES.timezoneInvalid,
    ],
    [
      "bad HH:MM",
      (w) => ({ days: ["mon"], from: "24:00", to: "11:00", timezone: "UTC", media_id: w.video.id }),
      SCHEDULES.clockInvalid,
    ],
    [
      "from equals to",
      (w) => ({ days: ["mon"], from: "10:00", to: "10:00", timezone: "UTC", media_id: w.video.id }),
      SCHEDULES.emptyWindow,
    ],
    [
      "unknown day",
      (w) => ({ days: ["monday"], from: "10:00", to: "11:00", timezone: "UTC", media_id: w.video.id }),
      SCHEDULES.daysInvalid,
    ],
    [
      "no days",
      (w) => ({ days: [], from: "10:00", to: "11:00", timezone: "UTC", media_id: w.video.id }),
      SCHEDULES.daysInvalid,
    ],
    [
      "both kinds",
      (w) => ({
        starts_at: "2026-12-09T19:00:00Z",
        ends_at: "2026-12-09T20:00:00Z",
        days: ["mon"],
        from: "10:00",
        to: "11:00",
        timezone: "UTC",
        media_id: w.video.id,
      }),
      SCHEDULES.kindRequired,
    ],
    [
      "half a weekly window",
      (w) => ({ days: ["mon"], from: "10:00", media_id: w.video.id }),
      SCHEDULES.kindRequired,
    ],
    [
      "neither media nor playlist",
      () => ({ starts_at: "2026-12-09T19:00:00Z", ends_at: "2026-12-09T20:00:00Z" }),
      SCHEDULES.whatRequired,
    ],
    [
      "both media and playlist",
      (w) => ({
        starts_at: "2026-12-09T19:00:00Z",
        ends_at: "2026-12-09T20:00:00Z",
        media_id: w.video.id,
        playlist_id: 1,
      }),
      SCHEDULES.whatRequired,
    ],
    [
      "media of another organization, which reads as missing",
      (w) => ({
        starts_at: "2026-12-09T19:00:00Z",
        ends_at: "2026-12-09T20:00:00Z",
        media_id: w.foreignVideo.id,
      }),
      STREAMING.mediaNotFound,
    ],
    [
      "media that is not a video",
      (w) => ({ starts_at: "2026-12-09T19:00:00Z", ends_at: "2026-12-09T20:00:00Z", media_id: w.image.id }),
      "",
    ],
    [
      "an unknown field",
      (w) => ({
        starts_at: "2026-12-09T19:00:00Z",
        ends_at: "2026-12-09T20:00:00Z",
        media_id: w.video.id,
        start: 1,
      }),
      "",
    ],
  ];
  for (const [name, body, message] of bad) {
    test(`refuses ${name} with 400 JSON and writes nothing`, async () => {
      const before = await count(w);
      const res = await post(w, body(w));
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { error: string };
      if (message) expect(answer.error).toBe(message);
      else expect(answer.error.length).toBeGreaterThan(0);
      expect(await count(w)).toBe(before);
    });
  }

  test("overlapping windows on one destination are refused with 409", async () => {
    const before = await count(w);
    // Friday 2026-12-04 23:00 PST lies inside the weekly Friday 22:00-02:00 window.
    const once = await post(w, {
      starts_at: "2026-12-05T07:00:00Z",
      ends_at: "2026-12-05T08:00:00Z",
      media_id: w.video.id,
    });
    expect(once.status).toBe(409);
    expect(((await once.json()) as { error: string }).error).toBe(SCHEDULES.overlap);
    // Saturday 09:00 in London is 01:00 in Los Angeles: still inside Friday's overnight window.
    const london = await post(w, {
      days: ["sat"],
      from: "09:00",
      to: "09:30",
      timezone: "Europe/London",
      media_id: w.video.id,
    });
    expect(london.status).toBe(409);
    const vsOnce = await post(w, {
      days: ["wed"],
      from: "10:30",
      to: "10:45",
      timezone: "America/Los_Angeles",
      media_id: w.video.id,
    });
    expect(vsOnce.status).toBe(409);
    expect(await count(w)).toBe(before);
  });

  test("two overlapping windows sent at once: one is added, the other refused with 409", async () => {
    const before = await count(w);
    const window = {
      starts_at: "2026-12-14T18:00:00Z",
      ends_at: "2026-12-14T19:00:00Z",
      media_id: w.video.id,
    };
    const answers = await Promise.all([
      post(w, window),
      post(w, { ...window, ends_at: "2026-12-14T18:30:00Z" }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await count(w)).toBe(before + 1);
    const added = (await answers.find((r) => r.status === 201)!.json()) as { id: number };
    expect((await w.t.call(`/api/schedules/${added.id}`, { method: "DELETE", cookie: w.dev })).status).toBe(
      200,
    );
  });

  test("viewers read windows but cannot add or delete them", async () => {
    const viewer = await w.cookieOf("viewer");
    const list = await w.t.call(`/api/destinations/${w.destination.id}/schedules`, { cookie: viewer });
    expect(list.status).toBe(200);
    const [first] = (await list.json()) as { id: number }[];
    const res = await post(
      w,
      { starts_at: "2026-12-20T18:00:00Z", ends_at: "2026-12-20T19:00:00Z", media_id: w.video.id },
      viewer,
    );
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe(SCHEDULES.forbidden);
    const del = await w.t.call(`/api/schedules/${first!.id}`, { method: "DELETE", cookie: viewer });
    expect(del.status).toBe(403);
  });

  test("a manager of another organization sees neither the destination nor its windows", async () => {
    const stranger = await w.cookieOf("manager", w.other.id);
    const list = await w.t.call(`/api/destinations/${w.destination.id}/schedules`, { cookie: stranger });
    expect(list.status).toBe(404);
    const res = await post(
      w,
      { starts_at: "2026-12-20T18:00:00Z", ends_at: "2026-12-20T19:00:00Z", media_id: w.video.id },
      stranger,
    );
    expect(res.status).toBe(404);
    const [first] = await w.deps.db.select().from(schedules).orderBy(asc(schedules.id));
    const del = await w.t.call(`/api/schedules/${first!.id}`, { method: "DELETE", cookie: stranger });
    expect(del.status).toBe(404);
    expect(await count(w)).toBe(2);
  });

  test("a developer deletes a window", async () => {
    const [first] = await w.deps.db.select().from(schedules).orderBy(asc(schedules.id));
    const del = await w.t.call(`/api/schedules/${first!.id}`, { method: "DELETE", cookie: w.dev });
    expect(del.status).toBe(200);
    const again = await w.t.call(`/api/schedules/${first!.id}`, { method: "DELETE", cookie: w.dev });
    expect(again.status).toBe(404);
    expect(await count(w)).toBe(1);
  });
});
