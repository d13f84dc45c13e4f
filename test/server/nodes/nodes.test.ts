import { describe, expect, test } from "bun:test";
import { hostname } from "node:os";
import { NodeHeartbeat, nodeCapacity } from "@server/features/nodes";
import { nodes, streams } from "@server/platform/db/schema";
import { loadEnv } from "@server/platform/env";
import { AUTH } from "@shared/messages/auth";
import { eq } from "drizzle-orm";
import { makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";
import { signedInCaller } from "../streaming/streaming-fixtures";

const T0 = Date.UTC(2026, 2, 1, 12, 0, 0);

/** A database with an admin, a developer and a project, on a clock the test moves by hand. */
async function world(env: Record<string, string> = {}) {
  let now = T0;
  const deps = testDeps({ NODE_NAME: "node-a", ...env }, { now: () => now });
  const org = await makeOrg(deps);
  const admin = await makeUser(deps, { role: "admin", orgId: org.id });
  const dev = await makeUser(deps, { role: "developer", orgId: org.id });
  const project = await makeProject(deps, { orgId: org.id, createdBy: dev.id });
  const heartbeat = new NodeHeartbeat({
    db: deps.db,
    now: () => now,
    name: deps.env.NODE_NAME,
    maxStreams: nodeCapacity(deps.env),
    figures: () => ({ cpuPercent: 12.5, rssBytes: 150 * 1024 * 1024 }),
  });
  return {
    deps,
    admin,
    dev,
    project,
    heartbeat,
    asAdmin: await signedInCaller(deps, admin.id),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

async function addStream(
  w: Awaited<ReturnType<typeof world>>,
  status: "running" | "stopped",
  node: string | null,
) {
  await w.deps.db.insert(streams).values({
    projectId: w.project.id,
    mediaName: "trailer.mp4",
    destinationName: "Steam",
    destinationType: "steam",
    status,
    node,
  });
}

describe("the node settings", () => {
  test("NODE_NAME defaults to the host name and takes 1-63 letters, digits, '.', '_' and '-'", () => {
    expect(loadEnv({}).NODE_NAME).toBe(hostname());
    expect(loadEnv({ NODE_NAME: "" }).NODE_NAME).toBe(hostname());
    expect(loadEnv({ NODE_NAME: "eu-west_1.b" }).NODE_NAME).toBe("eu-west_1.b");
    expect(loadEnv({ NODE_NAME: "n".repeat(63) }).NODE_NAME).toHaveLength(63);
    for (const bad of ["n".repeat(64), "node a", "node/a", "nöde", "a;b"])
      expect(() => loadEnv({ NODE_NAME: bad }), bad).toThrow(/NODE_NAME must be 1-63 letters/);
  });

  test("NODE_MAX_STREAMS is a positive whole number, defaulting to MAX_CONCURRENT_STREAMS", () => {
    for (const bad of ["0", "-3", "2.5", "many"])
      expect(() => loadEnv({ NODE_MAX_STREAMS: bad }), bad).toThrow(
        /NODE_MAX_STREAMS must be a whole number/,
      );
    expect(nodeCapacity(loadEnv({ NODE_MAX_STREAMS: "40", MAX_CONCURRENT_STREAMS: "10" }))).toBe(40);
    expect(nodeCapacity(loadEnv({ MAX_CONCURRENT_STREAMS: "10" }))).toBe(10);
    expect(nodeCapacity(loadEnv({ NODE_MAX_STREAMS: "" }))).toBeNull();
  });
});

describe("the node heartbeat", () => {
  test("creates the node's row, then updates that one row with the live streams and figures", async () => {
    const w = await world({ NODE_MAX_STREAMS: "20" });
    await w.heartbeat.beat();
    expect(await w.deps.db.select().from(nodes)).toEqual([
      {
        name: "node-a",
        maxStreams: 20,
        startedAt: T0,
        lastHeartbeatAt: T0,
        streams: 0,
        cpuPercent: 12.5,
        rssBytes: 150 * 1024 * 1024,
        downReportedAt: null,
      },
    ]);
    // Live here (recorded or not yet on air) counts; ended or on another node does not.
    await addStream(w, "running", "node-a");
    await addStream(w, "running", null);
    await addStream(w, "running", "node-b");
    await addStream(w, "stopped", "node-a");
    w.advance(5000);
    await w.heartbeat.beat();
    const rows = await w.deps.db.select().from(nodes);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "node-a", startedAt: T0, lastHeartbeatAt: T0 + 5000, streams: 2 });
  });

  test("a node whose last heartbeat is more than 15 s old reads as down", async () => {
    const w = await world();
    await w.heartbeat.beat();
    w.advance(12_000);
    let [node] = await w.asAdmin.nodes.list();
    expect(node).toMatchObject({ name: "node-a", heartbeat_age_seconds: 12, down: false });
    expect(node!.last_heartbeat_at).toBe(new Date(T0).toISOString());
    w.advance(3000);
    [node] = await w.asAdmin.nodes.list();
    expect(node).toMatchObject({ heartbeat_age_seconds: 15, down: false });
    w.advance(1);
    [node] = await w.asAdmin.nodes.list();
    expect(node!.down).toBe(true);
    // A beat brings it back.
    await w.heartbeat.beat();
    [node] = await w.asAdmin.nodes.list();
    expect(node).toMatchObject({ heartbeat_age_seconds: 0, down: false });
  });

  test("a failed write is logged and the next beat writes again", async () => {
    const w = await world();
    const lines: string[] = [];
    let failing = true;
    const heartbeat = new NodeHeartbeat({
      db: w.deps.db,
      now: w.deps.now,
      name: "node-a",
      maxStreams: null,
      figures: () => {
        if (failing) throw new Error("proc unreadable");
        return { cpuPercent: 1, rssBytes: 1 };
      },
      log: (line) => lines.push(line),
    });
    await heartbeat.beat();
    expect(lines).toEqual(["Node heartbeat not written: proc unreadable"]);
    expect(await w.deps.db.select().from(nodes)).toEqual([]);
    failing = false;
    await heartbeat.beat();
    expect(await w.deps.db.select().from(nodes).where(eq(nodes.name, "node-a"))).toHaveLength(1);
  });
});

describe("GET /api/nodes", () => {
  test("answers admins with every node and refuses everyone else with 403 JSON", async () => {
    const w = await world();
    await w.heartbeat.beat();
    const { call, signIn } = testApp(w.deps);
    const devCookie = await signIn(w.dev.email);
    const refused = await call("/api/nodes", { cookie: devCookie });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: AUTH.adminRequired });
    expect((await call("/api/nodes")).status).toBe(401);

    const ok = await call("/api/nodes", { cookie: await signIn(w.admin.email) });
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ name: "node-a", streams: 0, cpu_percent: 12.5, down: false });
  });
});
