import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AppDeps } from "@server/deps";
import { jobs, mediaFiles, mediaImports } from "@server/platform/db/schema";
import type { Resolver } from "@server/platform/net/outbound-target";
import { MEDIA } from "@shared/messages/media";
import { MEDIA_IMPORTS } from "@shared/messages/media-imports";
import type { MediaImport } from "@shared/schemas/media-imports";
import { eq } from "drizzle-orm";
import { filesOnDisk, steamReadyMp4 } from "../../support/media";
import { testResolver } from "../../support/resolver";
import { callerFor, makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";
import { waitUntil } from "../../support/wait";

// Imports from a link, against a real HTTP server on loopback (allowed with ALLOW_PRIVATE_TARGETS=on,
// as a studio's LAN server would be). Each refusal is checked from the studio's side: the import
// ends with a plain reason, and nothing is left in tmp, media or the media table.

setDefaultTimeout(30_000);

const LIMIT = 2 * 1024 * 1024;
const video = readFileSync(await steamReadyMp4());
/** Requests the source saw, by path and Host header. */
const seen: { path: string; host: string | null }[] = [];
/** Streams held open by /stall and /slow, ended after the tests. */
const held: ReadableStreamDefaultController<Uint8Array>[] = [];

function holdOpen(first: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(first);
      held.push(controller);
    },
  });
}

const source = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch(req) {
    const url = new URL(req.url);
    seen.push({ path: url.pathname, host: req.headers.get("host") });
    switch (url.pathname) {
      case "/trailer.mp4":
        return new Response(video, { headers: { "content-type": "video/mp4" } });
      case "/named":
        return new Response(video, {
          headers: {
            "content-type": "application/octet-stream",
            "content-disposition": 'attachment; filename="Launch Trailer.mp4"',
          },
        });
      case "/hop":
        return Response.redirect(`/hop2?n=${url.searchParams.get("n") ?? 1}`, 302);
      case "/hop2":
        return Response.redirect("/trailer.mp4", 301);
      case "/loop":
        return Response.redirect("/loop", 302);
      case "/to-metadata":
        return Response.redirect("http://169.254.169.254/latest/meta-data/", 302);
      case "/to-ftp":
        return Response.redirect("ftp://127.0.0.1/trailer.mp4", 302);
      case "/declared-too-big":
        return new Response(new Uint8Array(LIMIT + 1));
      case "/undeclared-too-big": {
        let sent = 0;
        return new Response(
          new ReadableStream({
            pull(controller) {
              if (sent > LIMIT) return controller.close();
              controller.enqueue(new Uint8Array(256 * 1024));
              sent += 256 * 1024;
            },
          }),
        );
      }
      case "/stall":
        return new Response(holdOpen(video.subarray(0, 64 * 1024)));
      case "/text":
        return new Response("These are not the frames you are looking for.\n".repeat(100), {
          headers: { "content-type": "application/octet-stream" },
        });
      case "/page":
        return new Response("<html><body>Sign in</body></html>", {
          headers: { "content-type": "text/html" },
        });
      default:
        return new Response("missing", { status: 404 });
    }
  },
});
afterAll(() => {
  for (const c of held) {
    try {
      c.close();
    } catch {}
  }
  source.stop(true);
});
const base = `http://127.0.0.1:${source.port}`;

async function world(env: Record<string, string> = {}, resolve: Resolver = testResolver()) {
  const t = testApp(
    testDeps(
      { ALLOW_PRIVATE_TARGETS: "on", MAX_UPLOAD_BYTES: String(LIMIT), IMPORT_STALL_SECONDS: "1", ...env },
      { resolve },
    ),
  );
  const org = await makeOrg(t.deps);
  const project = await makeProject(t.deps, { orgId: org.id });
  const dev = await makeUser(t.deps, { orgId: org.id, role: "developer" });
  return { ...t, org, project, dev, cookie: await t.signIn(dev.email) };
}
type World = Awaited<ReturnType<typeof world>>;

const start = (w: World, url: string, projectId: number | string = w.project.id, cookie = w.cookie) =>
  w.call("/api/media/import", { method: "POST", cookie, json: { projectId, url } });

async function list(w: World): Promise<MediaImport[]> {
  const res = await w.call(`/api/media/imports?projectId=${w.project.id}`, { cookie: w.cookie });
  expect(res.status).toBe(200);
  return await res.json();
}

/** Starts an import and waits for it to end; answers the ended import. */
async function importEnded(w: World, url: string): Promise<MediaImport> {
  const res = await start(w, url);
  expect(res.status).toBe(202);
  const started: MediaImport = await res.json();
  expect(started).toMatchObject({ status: "downloading", projectId: w.project.id, url });
  return await waitUntil(
    async () =>
      (await list(w)).find((i) => i.id === started.id && ["done", "failed", "cancelled"].includes(i.status)),
    20_000,
    `import ${started.id} to end`,
  );
}

/** The files in DATA_DIR/tmp (made when the first download starts). */
const tmpFiles = (deps: AppDeps) => {
  try {
    return readdirSync(join(deps.env.DATA_DIR, "tmp"));
  } catch {
    return [];
  }
};

/** Nothing of an import left: no file in tmp or media, no media row. */
async function nothingLeft(deps: AppDeps) {
  await waitUntil(() => filesOnDisk(deps.env.DATA_DIR).length === 0, 5000, "the data folder to be empty");
  expect(tmpFiles(deps)).toEqual([]);
  expect(await deps.db.select().from(mediaFiles)).toEqual([]);
}

async function failsWith(w: World, url: string, reason: string) {
  const ended = await importEnded(w, url);
  expect(ended).toMatchObject({ status: "failed", error: reason, mediaId: null });
  await nothingLeft(w.deps);
}

describe("importing from a link", () => {
  test("a direct link becomes a media item with its metadata, as an upload would", async () => {
    const w = await world();
    const ended = await importEnded(w, `${base}/trailer.mp4`);
    expect(ended).toMatchObject({
      status: "done",
      error: null,
      bytes: video.length,
      total: video.length,
      name: "trailer.mp4",
    });
    const res = await w.call(`/api/media/${w.project.id}`, { cookie: w.cookie });
    const items = await res.json();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: ended.mediaId,
      original_name: "trailer.mp4",
      file_size: video.length,
      kind: "video",
      video_codec: "h264",
      steam_ready: true,
      has_poster: true,
    });
    const [row] = await w.deps.db.select().from(mediaFiles);
    expect(readFileSync(join(w.deps.env.DATA_DIR, "media", row!.storedName)).equals(video)).toBe(true);
    expect(readdirSync(join(w.deps.env.DATA_DIR, "tmp"))).toEqual([]);
  });

  test("a name only the console's resolver knows is downloaded from the address it checked, with its name in Host", async () => {
    const names = new Map([["files.studio.example", ["127.0.0.1"]]]);
    const w = await world({}, testResolver(names));
    const ended = await importEnded(w, `http://files.studio.example:${source.port}/named`);
    expect(ended).toMatchObject({ status: "done", name: "Launch Trailer.mp4" });
    expect(seen.filter((s) => s.path === "/named").at(-1)?.host).toBe(`files.studio.example:${source.port}`);
  });

  test("redirects are followed, up to five", async () => {
    const w = await world();
    const ended = await importEnded(w, `${base}/hop`);
    expect(ended).toMatchObject({ status: "done", name: "trailer.mp4" });
  });

  test("a 404 ends the import with the status, and nothing is kept", async () => {
    const w = await world();
    await failsWith(w, `${base}/gone.mp4`, MEDIA_IMPORTS.httpStatus(404));
  });

  test("a body declared larger than the limit is refused before it is read", async () => {
    const w = await world();
    await failsWith(w, `${base}/declared-too-big`, MEDIA.tooLarge("2 MB"));
  });

  test("a body without a declared size is stopped at the limit", async () => {
    const w = await world();
    await failsWith(w, `${base}/undeclared-too-big`, MEDIA.tooLarge("2 MB"));
  });

  test("a server that stops sending is given up on after the stall timeout", async () => {
    const w = await world();
    await failsWith(w, `${base}/stall`, MEDIA_IMPORTS.stalled);
  });

  test("a redirect loop ends after five redirects", async () => {
    const w = await world();
    const before = seen.filter((s) => s.path === "/loop").length;
    await failsWith(w, `${base}/loop`, MEDIA_IMPORTS.tooManyRedirects);
    expect(seen.filter((s) => s.path === "/loop").length - before).toBe(6);
  });

  test("a redirect to the metadata service or to another scheme is not followed", async () => {
    const w = await world();
    await failsWith(w, `${base}/to-metadata`, MEDIA_IMPORTS.targetRefused);
    await failsWith(w, `${base}/to-ftp`, MEDIA_IMPORTS.badRedirect);
  });

  test("a body that is not a video or an image is refused after download, as an upload is", async () => {
    const w = await world();
    await failsWith(w, `${base}/text`, MEDIA.unsupported);
    await failsWith(w, `${base}/page`, MEDIA_IMPORTS.webPage);
  });

  test("cancelling mid-way stops the download and removes its bytes before answering", async () => {
    const w = await world({ IMPORT_STALL_SECONDS: "60" });
    const started: MediaImport = await (await start(w, `${base}/stall`)).json();
    await waitUntil(async () => (await list(w))[0]!.bytes > 0, 10_000, "the first bytes to be recorded");
    expect(readdirSync(join(w.deps.env.DATA_DIR, "tmp"))).toHaveLength(1);
    // The analytics screen follows its Steam syncs only, not the project's imports.
    const trpc = await callerFor(w.deps, w.dev.email);
    expect(await trpc.analytics.projectSyncJobs({ projectId: w.project.id })).toEqual([]);
    const res = await w.call(`/api/media/imports/${started.id}`, { method: "DELETE", cookie: w.cookie });
    expect(res.status).toBe(200);
    expect(readdirSync(join(w.deps.env.DATA_DIR, "tmp"))).toEqual([]);
    expect((await list(w))[0]).toMatchObject({ status: "cancelled", error: MEDIA_IMPORTS.cancelled });
    await nothingLeft(w.deps);
    // An ended import leaves the list when cancelled again.
    expect(
      (await w.call(`/api/media/imports/${started.id}`, { method: "DELETE", cookie: w.cookie })).status,
    ).toBe(200);
    expect(await list(w)).toEqual([]);
  });

  test("an import whose server stopped reads as failed, not as running forever", async () => {
    const w = await world();
    const now = Date.now();
    const [job] = await w.deps.db
      .insert(jobs)
      .values({
        kind: "media-import",
        key: "media-import:x",
        projectId: w.project.id,
        status: "interrupted",
        startedAt: now,
        updatedAt: now,
      })
      .returning();
    await w.deps.db.insert(mediaImports).values({
      projectId: w.project.id,
      url: `${base}/trailer.mp4`,
      name: "trailer.mp4",
      status: "downloading",
      jobId: job!.id,
      createdAt: now,
      updatedAt: now,
    });
    expect((await list(w))[0]).toMatchObject({ status: "failed", error: MEDIA_IMPORTS.interrupted });
  });

  test("the tRPC procedures start, list and cancel the same imports", async () => {
    const w = await world();
    const trpc = await callerFor(w.deps, w.dev.email);
    const started = await trpc.media.importLink({ projectId: w.project.id, url: `${base}/trailer.mp4` });
    await waitUntil(
      async () =>
        (await trpc.media.imports({ projectId: w.project.id })).find((i) => i.id === started.id)?.status ===
        "done",
      20_000,
      "the import to finish",
    );
    expect(await w.deps.db.select().from(mediaFiles)).toHaveLength(1);
  });
});

describe("links refused before anything starts (4xx JSON, no row, no file)", () => {
  async function refused(w: World, url: string, status: number, error: string) {
    const res = await start(w, url);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ error });
    expect(await w.deps.db.select().from(mediaImports)).toEqual([]);
    await nothingLeft(w.deps);
  }

  test("addresses inside the network, without ALLOW_PRIVATE_TARGETS", async () => {
    const names = new Map([
      ["cdn.studio.example", ["127.0.0.1"]],
      ["lan.studio.example", ["10.0.0.8"]],
    ]);
    const w = await world({ ALLOW_PRIVATE_TARGETS: "off" }, testResolver(names));
    for (const url of [
      `${base}/trailer.mp4`,
      "http://localhost/trailer.mp4",
      "http://[::1]/trailer.mp4",
      "http://2130706433/trailer.mp4",
      "http://10.1.2.3/trailer.mp4",
      "http://192.168.1.20/trailer.mp4",
      `http://cdn.studio.example:${source.port}/trailer.mp4`,
      "http://lan.studio.example/trailer.mp4",
    ])
      await refused(w, url, 400, MEDIA_IMPORTS.targetRefused);
  });

  test("link-local and metadata addresses, even with ALLOW_PRIVATE_TARGETS", async () => {
    const names = new Map([["meta.studio.example", ["169.254.169.254"]]]);
    const w = await world({}, testResolver(names));
    for (const url of [
      "http://169.254.169.254/latest/meta-data/",
      "http://169.254.1.1/trailer.mp4",
      "http://[fe80::1]/trailer.mp4",
      "http://metadata.google.internal/computeMetadata/v1/",
      "http://meta.studio.example/trailer.mp4",
      "http://0.0.0.0/trailer.mp4",
    ])
      await refused(w, url, 400, MEDIA_IMPORTS.targetRefused);
  });

  test("a name that answers a public address at the start and loopback a moment later is never connected to", async () => {
    let calls = 0;
    const before = seen.length;
    const rebinding: Resolver = async () => (++calls === 1 ? ["203.0.113.7"] : ["127.0.0.1"]);
    const w = await world({ ALLOW_PRIVATE_TARGETS: "off" }, rebinding);
    await failsWith(
      w,
      `http://rebind.studio.example:${source.port}/trailer.mp4`,
      MEDIA_IMPORTS.targetRefused,
    );
    expect(seen.length).toBe(before);
  });

  test("ftp and junk links", async () => {
    const w = await world();
    await refused(w, "ftp://127.0.0.1/trailer.mp4", 400, MEDIA_IMPORTS.onlyHttp);
    await refused(w, "file:///etc/passwd", 400, MEDIA_IMPORTS.onlyHttp);
    await refused(w, "not a link at all", 400, MEDIA_IMPORTS.notALink);
    await refused(w, "   ", 400, MEDIA_IMPORTS.urlRequired);
    await refused(w, `https://example.com/${"a".repeat(2100)}`, 400, MEDIA_IMPORTS.urlTooLong(2048));
    const noUrl = await w.call("/api/media/import", {
      method: "POST",
      cookie: w.cookie,
      json: { projectId: w.project.id },
    });
    expect(noUrl.status).toBe(400);
    expect(await noUrl.json()).toHaveProperty("error");
    const badProject = await start(w, `${base}/trailer.mp4`, "abc");
    expect(badProject.status).toBe(400);
  });

  test("another organization's project reads as missing; a viewer is refused", async () => {
    const w = await world();
    const other = await makeOrg(w.deps);
    const theirs = await makeProject(w.deps, { orgId: other.id });
    const res = await start(w, `${base}/trailer.mp4`, theirs.id);
    expect(res.status).toBe(404);
    const missing = await start(w, `${base}/trailer.mp4`, 999_999);
    expect(await res.json()).toEqual(await missing.json());
    expect((await w.call(`/api/media/imports?projectId=${theirs.id}`, { cookie: w.cookie })).status).toBe(
      404,
    );

    const viewer = await makeUser(w.deps, { orgId: w.org.id, role: "viewer" });
    const viewerCookie = await w.signIn(viewer.email);
    const refusedViewer = await start(w, `${base}/trailer.mp4`, w.project.id, viewerCookie);
    expect(refusedViewer.status).toBe(403);
    expect(await refusedViewer.json()).toHaveProperty("error");
    expect(await w.deps.db.select().from(mediaImports)).toEqual([]);
    expect(seen.some((s) => s.path === "/trailer.mp4" && s.host === null)).toBe(false);
  });

  test("another organization's import cannot be cancelled or seen; a viewer cannot cancel", async () => {
    const w = await world({ IMPORT_STALL_SECONDS: "60" });
    const started: MediaImport = await (await start(w, `${base}/stall`)).json();
    const other = await makeOrg(w.deps);
    const stranger = await makeUser(w.deps, { orgId: other.id, role: "manager" });
    const strangerCookie = await w.signIn(stranger.email);
    const theirs = await w.call(`/api/media/imports/${started.id}`, {
      method: "DELETE",
      cookie: strangerCookie,
    });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ error: MEDIA_IMPORTS.notFound });
    const viewer = await makeUser(w.deps, { orgId: w.org.id, role: "viewer" });
    const byViewer = await w.call(`/api/media/imports/${started.id}`, {
      method: "DELETE",
      cookie: await w.signIn(viewer.email),
    });
    expect(byViewer.status).toBe(403);
    const [row] = await w.deps.db.select().from(mediaImports).where(eq(mediaImports.id, started.id));
    expect(row!.status).toBe("downloading");
    expect(
      (await w.call(`/api/media/imports/${started.id}`, { method: "DELETE", cookie: w.cookie })).status,
    ).toBe(200);
    await nothingLeft(w.deps);
  });
});
