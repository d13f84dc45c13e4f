import { describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { createSession, generateSessionToken } from "@server/features/auth/session";
import { mediaPaths } from "@server/features/media/storage";
import {
  destinations,
  mediaFiles,
  organizations,
  projects,
  streams,
  users,
} from "@server/platform/db/schema";
import { HEADERS_MAX_BYTES, TRPC_BATCH_MAX, URL_MAX_BYTES } from "@shared/limits";
import { COMMON } from "@shared/messages/common";
import { STREAMING } from "@shared/messages/streaming";
import { eq } from "drizzle-orm";
import { steamReadyMp4 } from "../../support/media";
import { makeOrg, makeProject, makeUser, testApp } from "../../support/server";
import { addVideo, withSupervisor } from "../streaming/streaming-fixtures";

// Input as an attacker sends it: ids that are not integers, JSON under another type, giant URLs and
// headers, oversize tRPC batches, names with control and bidi characters. Each answers a 4xx
// `{ error }` and changes nothing.

async function world() {
  const t = testApp();
  withSupervisor(t.deps);
  const org = await makeOrg(t.deps, "Home");
  const admin = await makeUser(t.deps, { orgId: org.id, role: "admin" });
  const project = await makeProject(t.deps, { orgId: org.id, createdBy: admin.id });
  const media = await addVideo(t.deps, project.id, await steamReadyMp4());
  const destination = (
    await t.deps.db
      .insert(destinations)
      .values({
        projectId: project.id,
        name: "Out",
        type: "custom",
        rtmpUrl: "rtmp://127.0.0.1:1/live",
        streamKey: "k",
      })
      .returning()
  )[0]!;
  // A session made directly: the password check is the sign-in tests' business.
  const token = generateSessionToken();
  await createSession(t.deps.db, token, admin.id, t.deps.now());
  const cookie = `session=${token}`;
  const json = (method: string, path: string, body: unknown, type = "application/json") =>
    t.call(path, {
      method,
      cookie,
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: { "content-type": type },
    });
  return { ...t, org, admin, project, media, destination, cookie, json };
}

async function expectError(res: Response, status: number, message?: string) {
  expect(res.status).toBe(status);
  const body = await res.json();
  const text = typeof body.error === "string" ? body.error : body.error?.message;
  expect(typeof text).toBe("string");
  if (message) expect(text).toBe(message);
}

const NOT_INTEGERS: unknown[] = [true, false, [1], [], "1", "01", " 1", "1e0", 1.5, -1, 0, null, {}, 2 ** 53];

describe("ids are integers only", () => {
  test("tRPC media.delete refuses every non-integer id and deletes nothing", async () => {
    const w = await world();
    for (const id of NOT_INTEGERS) {
      await expectError(await w.json("POST", "/api/trpc/media.delete", { id }), 400);
    }
    expect(await w.deps.db.select().from(mediaFiles)).toHaveLength(1);
  });

  test("tRPC queries and mutations over every id-taking procedure refuse non-integers", async () => {
    const w = await world();
    const queries = ["media.list?input=", "projects.get?input=", "streaming.destinations?input="];
    for (const q of queries) {
      for (const bad of [{ projectId: true }, { projectId: "1" }, { id: [1] }, { id: "1" }]) {
        const res = await w.call(`/api/trpc/${q}${encodeURIComponent(JSON.stringify(bad))}`, {
          cookie: w.cookie,
        });
        await expectError(res, 400);
      }
    }
    for (const bad of [true, "1", [1]]) {
      await expectError(
        await w.json("POST", "/api/trpc/streaming.start", { destinationId: w.destination.id, mediaId: bad }),
        400,
      );
      await expectError(await w.json("POST", "/api/trpc/users.delete", { id: bad }), 400);
      await expectError(await w.json("POST", "/api/trpc/organizations.delete", { id: bad }), 400);
    }
    expect(await w.deps.db.select().from(streams)).toHaveLength(0);
    expect(await w.deps.db.select().from(users)).toHaveLength(1);
    expect(await w.deps.db.select().from(organizations)).toHaveLength(1);
  });

  test("REST bodies: mediaId, streamId and project_id must be integers", async () => {
    const w = await world();
    for (const bad of [true, "1", [1], 1.5, null]) {
      await expectError(
        await w.json("POST", `/api/destinations/${w.destination.id}/stream`, { mediaId: bad }),
        400,
      );
      await expectError(await w.json("POST", "/api/streams/stop", { streamId: bad }), 400);
      await expectError(await w.json("POST", "/api/destinations", { name: "D", project_id: bad }), 400);
    }
    expect(await w.deps.db.select().from(streams)).toHaveLength(0);
    expect(await w.deps.db.select().from(destinations)).toHaveLength(1);
  });

  test("path and query parameters: digits only, within a safe integer", async () => {
    const w = await world();
    const bad = ["abc", "0", "-1", "1.0", "1e3", "0x10", "%201", "1%00", "99999999999999999999", "true"];
    for (const p of bad) {
      await expectError(await w.call(`/api/media/${p}`, { cookie: w.cookie }), 400);
      await expectError(await w.call(`/api/streams/status?projectId=${p}`, { cookie: w.cookie }), 400);
      await expectError(
        await w.call(`/api/analytics/project-overview/${w.project.id}?days=${p}`, { cookie: w.cookie }),
        400,
      );
    }
    for (const flag of ["yes", "2", "TRUE "]) {
      await expectError(
        await w.call(`/api/analytics/news/${w.project.id}?refresh=${flag}`, { cookie: w.cookie }),
        400,
      );
    }
    expect((await w.call(`/api/streams/status?projectId=${w.project.id}`, { cookie: w.cookie })).status).toBe(
      200,
    );
  });
});

describe("JSON bodies say they are JSON", () => {
  test("REST and tRPC refuse a JSON body under another content type with 415", async () => {
    const w = await world();
    const body = { name: "Renamed" };
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data",
      "application/jsonx",
      "",
    ]) {
      await expectError(
        await w.json("PUT", `/api/projects/${w.project.id}`, body, type),
        415,
        COMMON.jsonRequired,
      );
      await expectError(await w.json("POST", "/api/trpc/media.delete", { id: w.media.id }, type), 415);
    }
    expect((await w.deps.db.select().from(projects).limit(1))[0]!.name).toBe(w.project.name);
    expect(await w.deps.db.select().from(mediaFiles)).toHaveLength(1);
    // A parameter after the type is fine; a bare request to a path that takes no body needs no type.
    const ok = await w.json("PUT", `/api/projects/${w.project.id}`, body, "application/json; charset=utf-8");
    expect(ok.status).toBe(200);
    expect((await w.call("/api/auth/logout", { method: "POST", cookie: w.cookie })).status).toBe(200);
  });
});

describe("size limits answer in JSON", () => {
  test(`a URL over ${URL_MAX_BYTES} bytes is 414, headers over ${HEADERS_MAX_BYTES} bytes are 431`, async () => {
    const w = await world();
    await expectError(await w.call(`/api/health?x=${"a".repeat(URL_MAX_BYTES)}`), 414, COMMON.urlTooLong);
    await expectError(await w.call(`/${"a".repeat(URL_MAX_BYTES)}`), 414, COMMON.urlTooLong);
    await expectError(
      await w.call("/api/health", { headers: { "x-padding": "a".repeat(HEADERS_MAX_BYTES) } }),
      431,
      COMMON.headersTooLarge,
    );
    expect((await w.call(`/api/health?x=${"a".repeat(1000)}`)).status).toBe(200);
  });

  test(`a tRPC batch of more than ${TRPC_BATCH_MAX} calls is refused with 400; ${TRPC_BATCH_MAX} are served`, async () => {
    const w = await world();
    const batch = (n: number, sep = ",") => {
      const paths = Array.from({ length: n }, () => "auth.me").join(sep);
      const input = Object.fromEntries(Array.from({ length: n }, (_, i) => [i, {}]));
      // Past 20 calls the input is left out: a 500-call batch with inputs would pass the URL limit first.
      return n > TRPC_BATCH_MAX
        ? `/api/trpc/${paths}?batch=1`
        : `/api/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
    };
    await expectError(await w.call(batch(500), { cookie: w.cookie }), 400, COMMON.tooManyCalls);
    await expectError(
      await w.call(batch(TRPC_BATCH_MAX + 1), { cookie: w.cookie }),
      400,
      COMMON.tooManyCalls,
    );
    await expectError(
      await w.call(batch(TRPC_BATCH_MAX + 1, "%2C"), { cookie: w.cookie }),
      400,
      COMMON.tooManyCalls,
    );
    const served = await w.call(batch(TRPC_BATCH_MAX), { cookie: w.cookie });
    expect(served.status).toBe(200);
    expect(await served.json()).toHaveLength(TRPC_BATCH_MAX);
  });
});

describe("names refuse control and text-direction characters", () => {
  const UNSAFE = [
    "Evil\u0000",
    "Tab\there",
    "Esc\u001b[31m",
    "C1\u0085x",
    "Bidi \u202egnp.exe",
    "Iso\u2066late",
  ];

  test("project, organization, user, destination and own names", async () => {
    const w = await world();
    for (const name of UNSAFE) {
      await expectError(
        await w.json("POST", "/api/projects", { name, org_id: w.org.id }),
        400,
        COMMON.invalidCharacters,
      );
      await expectError(
        await w.json("PUT", `/api/projects/${w.project.id}`, { name }),
        400,
        COMMON.invalidCharacters,
      );
      await expectError(await w.json("POST", "/api/organizations", { name }), 400, COMMON.invalidCharacters);
      await expectError(
        await w.json("POST", "/api/users", { name, email: "n@example.com", password: "secret1" }),
        400,
        COMMON.invalidCharacters,
      );
      await expectError(
        await w.json("POST", "/api/destinations", { name, project_id: w.project.id }),
        400,
        COMMON.invalidCharacters,
      );
      await expectError(
        await w.json("POST", "/api/auth/change-name", { newName: name }),
        400,
        COMMON.invalidCharacters,
      );
      await expectError(
        await w.json("POST", "/api/trpc/organizations.create", { name }),
        400,
        COMMON.invalidCharacters,
      );
    }
    expect(await w.deps.db.select().from(projects)).toHaveLength(1);
    expect(await w.deps.db.select().from(organizations)).toHaveLength(1);
    expect(await w.deps.db.select().from(destinations)).toHaveLength(1);
    // Accents, scripts and emoji are names like any other.
    expect((await w.json("POST", "/api/organizations", { name: "Études Ōkami 🎮" })).status).toBe(201);
  });
});

describe("a media file gone from disk", () => {
  test("starting it answers 409 at once and records no stream; the list marks it missing", async () => {
    const w = await world();
    const listed = async () =>
      (await (await w.call(`/api/media/${w.project.id}`, { cookie: w.cookie })).json())[0];
    expect((await listed()).file_missing).toBe(false);
    rmSync(mediaPaths(w.deps.env.DATA_DIR).file(w.media.storedName));
    const res = await w.json("POST", `/api/destinations/${w.destination.id}/stream`, { mediaId: w.media.id });
    await expectError(res, 409, STREAMING.mediaFileMissingStart);
    await expectError(
      await w.json("POST", "/api/trpc/streaming.start", {
        destinationId: w.destination.id,
        mediaId: w.media.id,
      }),
      409,
    );
    expect(await w.deps.db.select().from(streams).where(eq(streams.mediaId, w.media.id))).toHaveLength(0);
    expect((await listed()).file_missing).toBe(true);
  });
});
