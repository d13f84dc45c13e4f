import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { checkRtmpIngest } from "@server/features/streaming/rtmp-handshake";
import { destinations } from "@server/platform/db/schema";
import { classifyAddress } from "@server/platform/net/address-class";
import { ingestPolicy } from "@server/platform/net/outbound-target";
import { STREAMING } from "@shared/messages/streaming";
import { type NginxRtmp, startNginxRtmp } from "../../fakes/nginx-rtmp";
import { freePort, startBlackHole } from "../../fakes/rtmp-receiver";
import { testResolver } from "../../support/resolver";
import { makeOrg, makeProject, makeUser, testApp } from "../../support/server";

// "Check connection": an RTMP handshake with the ingest and nothing more, against a real nginx-rtmp,
// a closed port, a listener that is not RTMP and one that never answers.

let nginx: NginxRtmp;
let http: ReturnType<typeof Bun.serve>;
beforeAll(async () => {
  nginx = await startNginxRtmp();
  http = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("not rtmp") });
}, 30_000);
afterAll(async () => {
  await nginx.stop();
  http.stop(true);
});

async function world() {
  const t = testApp();
  const org = await makeOrg(t.deps);
  const other = await makeOrg(t.deps);
  const project = await makeProject(t.deps, { orgId: org.id });
  const cookieOf = async (role: "admin" | "manager" | "developer" | "viewer", orgId = org.id) =>
    t.signIn((await makeUser(t.deps, { role, orgId })).email);
  const dest = (
    await t.deps.db
      .insert(destinations)
      .values({ projectId: project.id, name: "Steam", rtmpUrl: nginx.rtmpUrl, streamKey: "k" })
      .returning()
  )[0]!;
  return { ...t, project, dest, cookieOf, otherOrg: other.id, developer: await cookieOf("developer") };
}

const resolve = testResolver();

describe("the handshake", () => {
  test("nginx-rtmp completes it, and nothing is published", async () => {
    const outcome = await checkRtmpIngest(nginx.rtmpUrl, resolve, 5000);
    expect(outcome.ok).toBe(true);
    expect(nginx.events.filter((e) => e.call === "publish")).toHaveLength(0);
  });

  test("a closed port, an HTTP server and a silent listener each say so", async () => {
    expect(await checkRtmpIngest(`rtmp://127.0.0.1:${freePort()}/live`, resolve, 5000)).toEqual({
      ok: false,
      reason: "refused",
    });
    expect(await checkRtmpIngest(`rtmp://127.0.0.1:${http.port}/live`, resolve, 5000)).toEqual({
      ok: false,
      reason: "not_rtmp",
    });
    const hole = startBlackHole();
    try {
      expect(await checkRtmpIngest(hole.rtmpUrl, resolve, 300)).toEqual({ ok: false, reason: "timeout" });
    } finally {
      hole.stop();
    }
  });

  test("link-local, metadata and unspecified addresses are never connected to", async () => {
    for (const url of [
      "rtmp://169.254.169.254/app",
      "rtmp://[fe80::1]/app",
      "rtmp://0.0.0.0:1935/app",
      "rtmp://[::ffff:169.254.169.254]/app",
      "rtmp://[fd00:ec2::254]/app",
    ]) {
      expect(await checkRtmpIngest(url, resolve, 1000)).toEqual({ ok: false, reason: "blocked" });
    }
    for (const local of ["127.0.0.1", "10.1.2.3"]) expect(ingestPolicy(classifyAddress(local)!)).toBe(true);
  });
});

describe("POST /api/destinations/{id}/check and /api/destinations/check", () => {
  test("a developer checks a saved destination and an unsaved address", async () => {
    const w = await world();
    const saved = await w.call(`/api/destinations/${w.dest.id}/check`, {
      method: "POST",
      cookie: w.developer,
    });
    expect(saved.status).toBe(200);
    const body = await saved.json();
    expect(body).toEqual({ ok: true, message: STREAMING.checkOk(body.ms), ms: expect.any(Number) });

    const closed = await w.call("/api/destinations/check", {
      method: "POST",
      cookie: w.developer,
      json: { project_id: w.project.id, rtmp_url: `rtmp://127.0.0.1:${freePort()}/app` },
    });
    expect(await closed.json()).toEqual({ ok: false, message: STREAMING.checkRefused, ms: null });

    const trpc = await w.call("/api/trpc/streaming.checkIngest", {
      method: "POST",
      cookie: w.developer,
      json: { project_id: w.project.id, rtmp_url: `rtmp://127.0.0.1:${http.port}/app` },
    });
    expect((await trpc.json()).result.data).toEqual({ ok: false, message: STREAMING.checkNotRtmp, ms: null });
  });

  test("a viewer is refused; another organization's destination and project read as missing", async () => {
    const w = await world();
    const viewer = await w.cookieOf("viewer");
    const refused = await w.call(`/api/destinations/${w.dest.id}/check`, { method: "POST", cookie: viewer });
    expect(refused.status).toBe(403);
    const refusedUrl = await w.call("/api/destinations/check", {
      method: "POST",
      cookie: viewer,
      json: { project_id: w.project.id, rtmp_url: nginx.rtmpUrl },
    });
    expect(refusedUrl.status).toBe(403);

    const outsider = await w.cookieOf("manager", w.otherOrg);
    const foreign = await w.call(`/api/destinations/${w.dest.id}/check`, {
      method: "POST",
      cookie: outsider,
    });
    const missing = await w.call("/api/destinations/999999/check", { method: "POST", cookie: outsider });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual(await missing.json());
    const foreignProject = await w.call("/api/destinations/check", {
      method: "POST",
      cookie: outsider,
      json: { project_id: w.project.id, rtmp_url: nginx.rtmpUrl },
    });
    expect(foreignProject.status).toBe(404);
    expect(await w.call(`/api/destinations/${w.dest.id}/check`, { method: "POST" })).toHaveProperty(
      "status",
      401,
    );
  });

  test("bad input answers 400", async () => {
    const w = await world();
    for (const json of [
      {},
      { project_id: w.project.id },
      { project_id: w.project.id, rtmp_url: "" },
      { project_id: w.project.id, rtmp_url: "http://127.0.0.1/app" },
      { project_id: "x", rtmp_url: nginx.rtmpUrl },
      { project_id: w.project.id, rtmp_url: nginx.rtmpUrl, extra: true },
    ]) {
      const res = await w.call("/api/destinations/check", { method: "POST", cookie: w.developer, json });
      expect(res.status).toBe(400);
      expect(typeof (await res.json()).error).toBe("string");
    }
    expect(
      (await w.call("/api/destinations/abc/check", { method: "POST", cookie: w.developer })).status,
    ).toBe(400);
  });
});
