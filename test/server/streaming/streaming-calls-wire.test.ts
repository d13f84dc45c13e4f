import { describe, expect, test } from "bun:test";
import { destinations, streams } from "@server/platform/db/schema";
import { COMMON } from "@shared/messages/common";
import { STREAMING } from "@shared/messages/streaming";
import { makeOrg, makeProject, makeUser, TEST_PASSWORD, testApp } from "../../support/server";

// The streaming and playlist calls are declared once, and REST is derived from the declaration. These
// are the refusals a REST client already relies on: a bad path id named for what it stands for, a
// status query read as text, and a start that reads its destination from the path only.

async function world() {
  const t = testApp();
  const org = await makeOrg(t.deps);
  const dev = await makeUser(t.deps, { orgId: org.id, role: "developer" });
  const project = await makeProject(t.deps, { orgId: org.id, createdBy: dev.id });
  const cookie = await t.signIn(dev.email, TEST_PASSWORD);
  const send = (method: string, path: string, json?: unknown) =>
    t.call(path, { method, cookie, ...(json === undefined ? {} : { json }) });
  return { ...t, project, send };
}

async function refusal(res: Response) {
  return [res.status, ((await res.json()) as { error: string }).error];
}

describe("streaming calls over REST", () => {
  test("a bad path id is refused with the name of what it stands for", async () => {
    const w = await world();
    expect(await refusal(await w.send("GET", "/api/destinations/abc"))).toEqual([
      400,
      COMMON.invalid("projectId"),
    ]);
    expect(await refusal(await w.send("GET", "/api/playlists/0"))).toEqual([
      400,
      COMMON.invalid("projectId"),
    ]);
    expect(await refusal(await w.send("PUT", "/api/destinations/x", { name: "A" }))).toEqual([
      400,
      COMMON.invalid("id"),
    ]);
    expect(await refusal(await w.send("POST", "/api/destinations/x/stream", { mediaId: 1 }))).toEqual([
      400,
      COMMON.invalid("id"),
    ]);
  });

  test("the status query is refused with the same texts on both transports", async () => {
    const w = await world();
    const notANumber = `projectId: ${COMMON.invalid("projectId")}`;
    for (const q of ["", "?projectId=abc", "?projectId=1e3", "?projectId=-1", "?projectId=1234567890123456"])
      expect(await refusal(await w.send("GET", `/api/streams/status${q}`))).toEqual([400, notANumber]);
    expect(await refusal(await w.send("GET", "/api/streams/status?projectId=0"))).toEqual([
      400,
      `projectId: ${COMMON.invalid("id")}`,
    ]);
    const ok = await w.send("GET", `/api/streams/status?projectId=${w.project.id}`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ streams: [], preparations: [] });
    const input = encodeURIComponent(JSON.stringify({ projectId: "1" }));
    const trpc = await w.send("GET", `/api/trpc/streaming.status?input=${input}`);
    expect(trpc.status).toBe(400);
    expect(((await trpc.json()) as { error: { message: string } }).error.message).toBe(notANumber);
  });

  test("a start reads its destination from the path, never from the body", async () => {
    const w = await world();
    const dest = (
      await w.deps.db
        .insert(destinations)
        .values({ projectId: w.project.id, name: "D", type: "custom", rtmpUrl: "rtmp://127.0.0.1:1/live" })
        .returning()
    )[0]!;
    // The body's destinationId is not the start's input: exactly one source is still required.
    const res = await w.send("POST", `/api/destinations/${dest.id}/stream`, { destinationId: dest.id });
    expect(await refusal(res)).toEqual([400, STREAMING.mediaOrPlaylist]);
    expect(await refusal(await w.send("POST", "/api/destinations/999/stream", {}))).toEqual([
      400,
      STREAMING.mediaOrPlaylist,
    ]);
    expect(await w.deps.db.select().from(streams)).toHaveLength(0);
  });
});
