import { describe, expect, test } from "bun:test";
import { streams } from "@server/platform/db/schema";
import { STEAM_INGEST_URL, STREAMING } from "@shared/messages/streaming";
import type { TRPCError } from "@trpc/server";
import { startBlackHole } from "../../fakes/rtmp-receiver";
import { steamReadyMp4 } from "../../support/media";
import { callerFor, makeOrg, makeProject, makeUser, testApp } from "../../support/server";
import { addVideo, streamingWorld, withSupervisor } from "./streaming-fixtures";

// Roles, tenancy, input rules and the limit, from the refused side. Streams that get started here go
// to a black hole (accepts, never answers) so no receiver is needed; each is stopped at the end.

async function refusal(p: Promise<unknown>): Promise<TRPCError> {
  try {
    await p;
  } catch (err) {
    return err as TRPCError;
  }
  throw new Error("expected a refusal");
}

/** A stopped stream row, as history, for delete tests. */
async function endedStream(
  deps: Parameters<typeof addVideo>[0],
  projectId: number,
  destinationId: number,
  mediaId: number,
) {
  return (
    await deps.db
      .insert(streams)
      .values({
        projectId,
        destinationId,
        mediaId,
        mediaName: "clip.mp4",
        destinationName: "Dest",
        destinationType: "custom",
        status: "stopped",
        stoppedAt: Date.now(),
      })
      .returning()
  )[0]!;
}

describe("streaming access", () => {
  test("a viewer is refused each mutation with the documented 403 texts and never sees the key", async () => {
    const w = await streamingWorld();
    const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
    const dest = await w.asDev.streaming.createDestination({
      name: "Steam",
      type: "steam",
      rtmp_url: "",
      stream_key: "live_secret_key",
      autorestart: false,
      project_id: w.project.id,
    });
    expect(dest.rtmp_url).toBe(STEAM_INGEST_URL);
    expect(dest.stream_key).toBe("live_secret_key");
    const ended = await endedStream(w.deps, w.project.id, dest.id, media.id);

    const create = await refusal(
      w.asViewer.streaming.createDestination({
        name: "X",
        type: "steam",
        rtmp_url: "",
        stream_key: "",
        autorestart: false,
        project_id: w.project.id,
      }),
    );
    expect([create.code, create.message]).toEqual(["FORBIDDEN", STREAMING.forbiddenCreateDestination]);
    const start = await refusal(w.asViewer.streaming.start({ destinationId: dest.id, mediaId: media.id }));
    expect([start.code, start.message]).toEqual(["FORBIDDEN", STREAMING.forbiddenStart]);
    const stop = await refusal(w.asViewer.streaming.stop({ streamId: ended.id }));
    expect([stop.code, stop.message]).toEqual(["FORBIDDEN", STREAMING.forbiddenStop]);
    const del = await refusal(w.asViewer.streaming.deleteStream({ id: ended.id }));
    expect([del.code, del.message]).toEqual(["FORBIDDEN", STREAMING.forbiddenDelete]);
    for (const p of [
      () => w.asViewer.streaming.updateDestination({ id: dest.id, autorestart: true }),
      () => w.asViewer.streaming.deleteDestination({ id: dest.id }),
      () => w.asViewer.dashboard.clearEndedStreams({ projectId: w.project.id }),
      () => w.asDev.dashboard.clearEndedStreams({ projectId: w.project.id }),
      () => w.asDev.dashboard.clearEndedStreams({ scope: "all" }),
    ]) {
      expect((await refusal(p())).code).toBe("FORBIDDEN");
    }

    const seen = await w.asViewer.streaming.destinations({ projectId: w.project.id });
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toHaveProperty("stream_key");
    expect(JSON.stringify(seen)).not.toContain("live_secret_key");
    // Nothing changed.
    expect((await w.asDev.streaming.destinations({ projectId: w.project.id }))[0]!.autorestart).toBe(false);
    expect((await w.asViewer.streaming.status({ projectId: w.project.id })).streams).toHaveLength(1);

    // Over REST the same refusals carry the same texts.
    const { call, signIn } = testApp(w.deps);
    const cookie = await signIn(w.viewer.email);
    const rest = await call("/api/destinations", {
      method: "POST",
      cookie,
      json: {
        name: "X",
        type: "steam",
        rtmp_url: "",
        stream_key: "",
        autorestart: false,
        project_id: w.project.id,
      },
    });
    expect(rest.status).toBe(403);
    expect(await rest.json()).toEqual({ error: STREAMING.forbiddenCreateDestination });
    const restStart = await call(`/api/destinations/${dest.id}/stream`, {
      method: "POST",
      cookie,
      json: { mediaId: media.id },
    });
    expect([restStart.status, (await restStart.json()).error]).toEqual([403, STREAMING.forbiddenStart]);
    const restStop = await call("/api/streams/stop", {
      method: "POST",
      cookie,
      json: { streamId: ended.id },
    });
    expect([restStop.status, (await restStop.json()).error]).toEqual([403, STREAMING.forbiddenStop]);
    const restDel = await call(`/api/streams/${ended.id}`, { method: "DELETE", cookie });
    expect([restDel.status, (await restDel.json()).error]).toEqual([403, STREAMING.forbiddenDelete]);
    const restList = await call(`/api/destinations/${w.project.id}`, { cookie });
    expect(JSON.stringify(await restList.json())).not.toContain("live_secret_key");
  });

  test("another organization's project, destination and stream answer 404", async () => {
    const w = await streamingWorld();
    const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
    const dest = await w.asDev.streaming.createDestination({
      name: "D",
      type: "custom",
      rtmp_url: "rtmp://127.0.0.1:1/live",
      stream_key: "k",
      autorestart: false,
      project_id: w.project.id,
    });
    const ended = await endedStream(w.deps, w.project.id, dest.id, media.id);
    const other = await makeOrg(w.deps);
    const stranger = await makeUser(w.deps, { role: "manager", orgId: other.id });
    const as = await callerFor(w.deps, stranger.email);
    for (const p of [
      () => as.streaming.destinations({ projectId: w.project.id }),
      () => as.streaming.status({ projectId: w.project.id }),
      () =>
        as.streaming.createDestination({
          name: "X",
          type: "steam",
          rtmp_url: "",
          stream_key: "",
          autorestart: false,
          project_id: w.project.id,
        }),
      () => as.streaming.updateDestination({ id: dest.id, name: "Mine" }),
      () => as.streaming.deleteDestination({ id: dest.id }),
      () => as.streaming.start({ destinationId: dest.id, mediaId: media.id }),
      () => as.streaming.stop({ streamId: ended.id }),
      () => as.streaming.deleteStream({ id: ended.id }),
    ]) {
      expect((await refusal(p())).code).toBe("NOT_FOUND");
    }
    // Their own project cannot borrow this project's media, nor learn that it exists.
    const theirs = await makeProject(w.deps, { orgId: other.id });
    const theirDest = await as.streaming.createDestination({
      name: "T",
      type: "steam",
      rtmp_url: "",
      stream_key: "",
      autorestart: false,
      project_id: theirs.id,
    });
    const borrow = await refusal(as.streaming.start({ destinationId: theirDest.id, mediaId: media.id }));
    expect([borrow.code, borrow.message]).toEqual(["BAD_REQUEST", STREAMING.mediaNotFound]);
    // Figures are scoped too: the stranger's organization has no streams.
    expect((await as.streaming.systemInfo()).statistics.total_streams_today).toBe(0);
    expect((await w.asAdmin.streaming.systemInfo()).statistics.total_streams_today).toBe(1);
  });

  test("input rules: rtmp(s) only, video of the same project, deletes only ended records", async () => {
    const w = await streamingWorld();
    const { call, signIn } = testApp(w.deps);
    const cookie = await signIn(w.dev.email);
    for (const rtmp_url of ["http://example.com/app", "file:///etc/passwd", "not a url"]) {
      const res = await call("/api/destinations", {
        method: "POST",
        cookie,
        json: {
          name: "Bad",
          type: "custom",
          rtmp_url,
          stream_key: "",
          autorestart: false,
          project_id: w.project.id,
        },
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(STREAMING.rtmpUrlScheme);
    }
    const noName = await call("/api/destinations", {
      method: "POST",
      cookie,
      json: { name: " ", project_id: w.project.id },
    });
    expect([noName.status, (await noName.json()).error]).toEqual([400, STREAMING.nameRequired]);
    const badPut = await call("/api/destinations/1", {
      method: "PUT",
      cookie,
      json: { rtmp_url: "ftp://x" },
    });
    expect(badPut.status).toBe(400);
    const badId = await call("/api/destinations/abc", { cookie });
    expect(badId.status).toBe(400);
    const noQuery = await call("/api/streams/status", { cookie });
    expect(noQuery.status).toBe(400);

    const image = await addVideo(w.deps, w.project.id, await steamReadyMp4(6), {
      kind: "image",
      mimeType: "image/png",
    });
    const dest = await w.asDev.streaming.createDestination({
      name: "D",
      type: "custom",
      rtmp_url: "rtmps://127.0.0.1:1/live",
      stream_key: "",
      autorestart: false,
      project_id: w.project.id,
    });
    const img = await refusal(w.asDev.streaming.start({ destinationId: dest.id, mediaId: image.id }));
    expect([img.code, img.message]).toEqual(["BAD_REQUEST", STREAMING.mediaNotVideo]);
    const missing = await refusal(w.asDev.streaming.start({ destinationId: dest.id, mediaId: 99_999 }));
    expect(missing.code).toBe("BAD_REQUEST");

    const updated = await w.asDev.streaming.updateDestination({
      id: dest.id,
      autorestart: true,
      name: "Renamed",
    });
    expect(updated).toMatchObject({
      autorestart: true,
      name: "Renamed",
      rtmp_url: "rtmps://127.0.0.1:1/live",
    });
  });

  test("one live stream per destination (409) and the concurrency limit (429 with its figures)", async () => {
    const w = await streamingWorld({ MAX_CONCURRENT_STREAMS: "1" }, { stallMs: 20_000 });
    const hole = startBlackHole();
    const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
    const mk = (name: string) =>
      w.asDev.streaming.createDestination({
        name,
        type: "custom",
        rtmp_url: hole.rtmpUrl,
        stream_key: "k",
        autorestart: false,
        project_id: w.project.id,
      });
    const a = await mk("A");
    const b = await mk("B");
    const live = await w.asDev.streaming.start({ destinationId: a.id, mediaId: media.id });
    const busy = await refusal(w.asDev.streaming.start({ destinationId: a.id, mediaId: media.id }));
    expect([busy.code, busy.message]).toEqual(["CONFLICT", STREAMING.destinationBusy]);
    const limited = await refusal(w.asDev.streaming.start({ destinationId: b.id, mediaId: media.id }));
    expect(limited.code).toBe("TOO_MANY_REQUESTS");
    expect(limited.message).toBe(STREAMING.limitReached);
    const { call, signIn } = testApp(w.deps);
    const cookie = await signIn(w.dev.email);
    const res = await call(`/api/destinations/${b.id}/stream`, {
      method: "POST",
      cookie,
      json: { mediaId: media.id },
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: STREAMING.limitReached, currentStreams: 1, maxStreams: 1 });
    // Over tRPC's HTTP link the same figures ride in error.data.details, for the Stream Limit dialog.
    const trpc = await call("/api/trpc/streaming.start", {
      method: "POST",
      cookie,
      json: { destinationId: b.id, mediaId: media.id },
    });
    expect(trpc.status).toBe(429);
    const body = await trpc.json();
    expect(body.error.message).toBe(STREAMING.limitReached);
    expect(body.error.data.details).toEqual({ currentStreams: 1, maxStreams: 1 });
    const info = await w.asAdmin.streaming.systemInfo();
    if (info.scope !== "system") throw new Error("admins see the machine's figures");
    expect(info.system).toMatchObject({ currentStreams: 1, maxStreams: 1, utilizationPercent: 100 });
    expect(info.system.cpuPercent).toBeGreaterThanOrEqual(0);
    expect(info.system.memoryUsage.rss).toBeGreaterThan(0);
    // The developer sees the same live stream as theirs, but not the server's limit or load.
    expect(await w.asDev.streaming.systemInfo()).toEqual({
      scope: "projects",
      system: { currentStreams: 1 },
      statistics: { total_streams_today: 1, error_streams_today: 0 },
    });

    const stillLive = await refusal(w.asDev.streaming.deleteStream({ id: live.id }));
    expect(stillLive.code).toBe("CONFLICT");
    // Deleting the destination stops its stream first; the history stays.
    await w.asDev.streaming.deleteDestination({ id: a.id });
    const { streams: history } = await w.asDev.streaming.status({ projectId: w.project.id });
    expect(history[0]).toMatchObject({ id: live.id, status: "stopped", destination_id: null });
    const freed = await w.asDev.streaming.start({ destinationId: b.id, mediaId: media.id });
    await w.asDev.streaming.stop({ streamId: freed.id });
    expect((await w.asDev.streaming.deleteStream({ id: freed.id })).success).toBe(true);
    hole.stop();
  });

  test("unlimited when MAX_CONCURRENT_STREAMS is unset", async () => {
    const w = await streamingWorld();
    withSupervisor(w.deps);
    const info = await w.asAdmin.streaming.systemInfo();
    if (info.scope !== "system") throw new Error("admins see the machine's figures");
    expect(info.system.maxStreams).toBeNull();
    expect(info.system.utilizationPercent).toBe(0);
  });
});
