import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { OpenApiDocument } from "@server/platform/openapi/document";
import { COMMON } from "@shared/messages/common";
import { type Receiver, startReceiver } from "../../fakes/rtmp-receiver";
import { steamReadyMp4, uploadForm } from "../../support/media";
import { answerChecker } from "../../support/openapi";
import { testApp } from "../../support/server";
import { streamingWorld } from "../streaming/streaming-fixtures";

// The API document against the app itself: every documented path is served, every served path is
// documented, and real answers of a sample of calls match the document's schemas.

type Method = "get" | "post" | "put" | "patch" | "delete" | "head";
/** Hono serves HEAD with the path's GET route: a documented HEAD is served where its GET is. */
const servedAs = (method: Method) => (method === "head" ? "GET" : method.toUpperCase());
const toHono = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");
const toDoc = (path: string) => path.replace(/:(\w+)/g, "{$1}");

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.stop();
});

async function world() {
  const w = await streamingWorld();
  const t = testApp(w.deps);
  const doc = (await (await t.app.request("/api/openapi.json")).json()) as OpenApiDocument;
  return { ...w, ...t, doc, check: answerChecker(doc) };
}

function documented(doc: OpenApiDocument) {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method as Method, path })),
  );
}

describe("the OpenAPI document", () => {
  test("is OpenAPI 3.1 with both ways to authenticate and the error shape", async () => {
    const { doc } = await world();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(["bearerToken", "sessionCookie"]);
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ in: "cookie", name: "session" });
    expect(doc.components.schemas.Error).toMatchObject({ required: ["error"] });
    expect(documented(doc).length).toBeGreaterThan(50);
  });

  test("every documented path is served by the app", async () => {
    const { app, doc, check } = await world();
    const served = new Set(app.routes.map((r) => `${r.method} ${r.path}`));
    for (const { method, path } of documented(doc)) {
      expect(served.has(`${servedAs(method)} /api${toHono(path)}`), `${method} ${path}`).toBe(true);
      // A request reaches the path's own handler, not the app's answer for unknown paths.
      const url = `/api${path.replace(/\{\w+\}/g, "1")}`;
      const res = await app.request(url, {
        method: method.toUpperCase(),
        ...(method === "get" || method === "head"
          ? {}
          : { headers: { "content-type": "application/json" }, body: "{}" }),
      });
      // An answer to HEAD has no body to read: signed out, it is the 401 of its GET.
      if (method === "head") {
        expect(res.status, `${method} ${url}`).toBe(401);
        continue;
      }
      const unknown = res.status === 404 && (await res.clone().json()).error === COMMON.notFound;
      expect(unknown, `${method} ${url} answered the unknown-path 404`).toBe(false);
      // Signed out, each answer (a 401 on most paths) is one the document lists, in its shape.
      if (res.headers.get("content-type")?.startsWith("application/json")) await check(method, path, res);
    }
  });

  test("every path the app serves under /api is documented", async () => {
    const { app, doc } = await world();
    // "ALL" entries are middleware and the tRPC mount (its procedures are typed by the tRPC client).
    const routes = app.routes.filter((r) => r.path.startsWith("/api/") && r.method !== "ALL");
    expect(routes.length).toBeGreaterThan(50);
    const paths = doc.paths as Record<string, Record<string, unknown>>;
    const missing = routes.filter((r) => !paths[toDoc(r.path.slice(4))]?.[r.method.toLowerCase()]);
    expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});

describe("real answers match the document", () => {
  test("a sample of calls across the areas, and refusals", async () => {
    const { call, signIn, check, admin, org } = await world();
    const cookie = await signIn(admin.email);
    const as = (method: Method, url: string, json?: unknown) =>
      call(`/api${url}`, { method: method.toUpperCase(), cookie, ...(json === undefined ? {} : { json }) });

    await check("get", "/auth/me", await as("get", "/auth/me"));
    const project = await check(
      "post",
      "/projects",
      await as("post", "/projects", { name: "Contract", description: "d", org_id: org.id }),
    );
    await check("get", "/projects", await as("get", "/projects"));

    const form = uploadForm(project.id, Bun.file(await steamReadyMp4(2)), "clip.mp4");
    const media = await check(
      "post",
      "/media/upload",
      await call("/api/media/upload", { method: "POST", cookie, body: form }),
    );
    await check("get", "/media/{id}", await as("get", `/media/${project.id}`));

    const destination = await check(
      "post",
      "/destinations",
      await as("post", "/destinations", {
        name: "Receiver",
        type: "custom",
        rtmp_url: receiver.rtmpUrl,
        stream_key: receiver.key,
        project_id: project.id,
      }),
    );
    const playlist = await check(
      "post",
      "/playlists",
      await as("post", "/playlists", { project_id: project.id, name: "Loop", media_ids: [media.id] }),
    );
    await check("get", "/playlists/{id}", await as("get", `/playlists/${project.id}`));

    const stream = await check(
      "post",
      "/destinations/{id}/stream",
      await as("post", `/destinations/${destination.id}/stream`, { playlistId: playlist.id }),
    );
    await receiver.waitForFrames(10, 30_000);
    await check("get", "/destinations/{id}", await as("get", `/destinations/${project.id}`));
    const status = await check(
      "get",
      "/streams/status",
      await as("get", `/streams/status?projectId=${project.id}`),
    );
    expect(status.streams[0].live).not.toBeNull();
    const stopped = await check(
      "post",
      "/streams/stop",
      await as("post", "/streams/stop", { streamId: stream.id }),
    );
    expect(stopped.status).toBe("stopped");

    await check(
      "post",
      "/destinations/{id}/schedules",
      await as("post", `/destinations/${destination.id}/schedules`, {
        days: ["mon", "fri"],
        from: "20:00",
        to: "21:00",
        timezone: "Europe/Berlin",
        media_id: media.id,
      }),
    );
    await check(
      "get",
      "/destinations/{id}/schedules",
      await as("get", `/destinations/${destination.id}/schedules`),
    );

    await check(
      "post",
      "/projects/{id}/webhooks",
      await as("post", `/projects/${project.id}/webhooks`, {
        url: "https://hooks.example.com/console",
        format: "generic",
        events: ["stream.failed"],
      }),
    );
    await check("get", "/projects/{id}/webhooks", await as("get", `/projects/${project.id}/webhooks`));

    await check("get", "/dashboard/stats", await as("get", "/dashboard/stats"));
    await check(
      "get",
      "/analytics/project-overview/{id}",
      await as("get", `/analytics/project-overview/${project.id}?days=7`),
    );
    await check("get", "/health", await call("/api/health"));

    // Refusals: the error shape under the statuses each path lists.
    const bad = await check("post", "/projects", await as("post", "/projects", { name: "" }));
    expect(bad.error).toBeString();
    await check("get", "/projects", await call("/api/projects"));
    await check("get", "/projects/{id}", await as("get", "/projects/999999"));
    await check(
      "post",
      "/destinations/{id}/stream",
      await as("post", `/destinations/${destination.id}/stream`, {}),
    );
  }, 90_000);
});
