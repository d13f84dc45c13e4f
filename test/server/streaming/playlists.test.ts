import { describe, expect, test } from "bun:test";
import { mediaFiles, playlistItems, playlists, streams } from "@server/platform/db/schema";
import { PLAYLISTS } from "@shared/messages/playlists";
import { STREAMING } from "@shared/messages/streaming";
import { PLAYLIST_MAX_ITEMS } from "@shared/schemas/playlists";
import type { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { startBlackHole } from "../../fakes/rtmp-receiver";
import { steamReadyMp4 } from "../../support/media";
import { makeOrg, makeProject, makeUser } from "../../support/server";
import { addVideo, signedInCaller, streamingWorld } from "./streaming-fixtures";

// The playlist service through tRPC: answers, roles, tenancy, and the refusals that keep history whole.

async function refusal(p: Promise<unknown>): Promise<TRPCError> {
  try {
    await p;
  } catch (err) {
    return err as TRPCError;
  }
  throw new Error("expected a refusal");
}

async function world() {
  const w = await streamingWorld();
  const clip = await steamReadyMp4(2);
  const a = await addVideo(w.deps, w.project.id, clip, { originalName: "intro.mp4", durationSeconds: 2 });
  const b = await addVideo(w.deps, w.project.id, clip, { originalName: "trailer.mp4", durationSeconds: 3.5 });
  return { ...w, a, b };
}

describe("playlists", () => {
  test("create, list in order with names and total duration, update, delete", async () => {
    const w = await world();
    const created = await w.asDev.playlists.create({
      project_id: w.project.id,
      name: "  Next Fest loop ",
      media_ids: [w.b.id, w.a.id, w.b.id],
    });
    expect(created.name).toBe("Next Fest loop");
    expect(created.items.map((i) => [i.media_id, i.name, i.duration_seconds])).toEqual([
      [w.b.id, "trailer.mp4", 3.5],
      [w.a.id, "intro.mp4", 2],
      [w.b.id, "trailer.mp4", 3.5],
    ]);
    expect(created.total_duration_seconds).toBe(9);
    const updated = await w.asDev.playlists.update({ id: created.id, media_ids: [w.a.id] });
    expect(updated.name).toBe("Next Fest loop");
    expect(updated.items.map((i) => i.media_id)).toEqual([w.a.id]);
    const renamed = await w.asDev.playlists.update({ id: created.id, name: "Sale" });
    expect(renamed.items).toHaveLength(1);
    // A viewer sees playlists.
    expect((await w.asViewer.playlists.list({ projectId: w.project.id })).map((p) => p.name)).toEqual([
      "Sale",
    ]);
    expect(await w.asDev.playlists.delete({ id: created.id })).toEqual({ success: true });
    expect(await w.asDev.playlists.list({ projectId: w.project.id })).toEqual([]);
    expect(await w.deps.db.select().from(playlistItems)).toHaveLength(0);
  });

  test("bad input is refused with its text and writes nothing", async () => {
    const w = await world();
    const other = await makeProject(w.deps, { orgId: w.org.id, createdBy: w.dev.id });
    const foreign = await addVideo(w.deps, other.id, await steamReadyMp4(2));
    const image = await addVideo(w.deps, w.project.id, await steamReadyMp4(2), { kind: "image" });
    const base = { project_id: w.project.id, name: "P" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, media_ids: [] }, PLAYLISTS.empty],
      [{ ...base, media_ids: [999_999] }, PLAYLISTS.mediaNotFound],
      [{ ...base, media_ids: [w.a.id, foreign.id] }, PLAYLISTS.mediaOtherProject],
      [{ ...base, media_ids: [image.id] }, PLAYLISTS.mediaNotVideo],
      [
        { ...base, media_ids: Array(PLAYLIST_MAX_ITEMS + 1).fill(w.a.id) },
        PLAYLISTS.tooMany(PLAYLIST_MAX_ITEMS),
      ],
      [{ ...base, name: "   ", media_ids: [w.a.id] }, PLAYLISTS.nameRequired],
      [{ ...base, name: "x".repeat(101), media_ids: [w.a.id] }, PLAYLISTS.nameTooLong(100)],
    ];
    for (const [input, message] of cases) {
      const err = await refusal(w.asDev.playlists.create(input as never));
      expect(err.code).toBe("BAD_REQUEST");
      expect(err.message).toContain(message);
    }
    expect(await w.deps.db.select().from(playlists)).toHaveLength(0);
    const kept = await w.asDev.playlists.create({ ...base, media_ids: [w.a.id] });
    const err = await refusal(w.asDev.playlists.update({ id: kept.id, media_ids: [foreign.id] }));
    expect([err.code, err.message]).toEqual(["BAD_REQUEST", PLAYLISTS.mediaOtherProject]);
    expect(
      (await w.asDev.playlists.list({ projectId: w.project.id }))[0]!.items.map((i) => i.media_id),
    ).toEqual([w.a.id]);
  });

  test("viewers cannot change playlists; another organization gets 404 everywhere", async () => {
    const w = await world();
    const mine = await w.asDev.playlists.create({
      project_id: w.project.id,
      name: "Mine",
      media_ids: [w.a.id],
    });
    // One call at a time: a refusal made before the test waits for it would go unhandled meanwhile.
    for (const call of [
      () => w.asViewer.playlists.create({ project_id: w.project.id, name: "X", media_ids: [w.a.id] }),
      () => w.asViewer.playlists.update({ id: mine.id, name: "X" }),
      () => w.asViewer.playlists.delete({ id: mine.id }),
    ]) {
      const err = await refusal(call());
      expect([err.code, err.message]).toEqual(["FORBIDDEN", PLAYLISTS.forbidden]);
    }
    const otherOrg = await makeOrg(w.deps);
    const stranger = await makeUser(w.deps, { role: "manager", orgId: otherOrg.id });
    const asStranger = await signedInCaller(w.deps, stranger.id);
    for (const call of [
      () => asStranger.playlists.list({ projectId: w.project.id }),
      () => asStranger.playlists.create({ project_id: w.project.id, name: "X", media_ids: [w.a.id] }),
      () => asStranger.playlists.update({ id: mine.id, name: "X" }),
      () => asStranger.playlists.delete({ id: mine.id }),
    ]) {
      expect((await refusal(call())).code).toBe("NOT_FOUND");
    }
    // And a playlist of another project cannot be streamed to this one's destination.
    const theirProject = await makeProject(w.deps, { orgId: otherOrg.id });
    const [theirs] = await w.deps.db
      .insert(playlists)
      .values({ projectId: theirProject.id, name: "T" })
      .returning();
    if (!theirs) throw new Error("no playlist");
    const dest = await w.asDev.streaming.createDestination({
      name: "D",
      type: "custom",
      rtmp_url: "rtmp://127.0.0.1:1/live",
      stream_key: "",
      autorestart: false,
      project_id: w.project.id,
    });
    const err = await refusal(w.asDev.streaming.start({ destinationId: dest.id, playlistId: theirs.id }));
    expect([err.code, err.message]).toEqual(["BAD_REQUEST", PLAYLISTS.notFound]);
    const both = await refusal(
      w.asDev.streaming.start({ destinationId: dest.id, mediaId: w.a.id, playlistId: mine.id }),
    );
    expect(both.code).toBe("BAD_REQUEST");
    expect(both.message).toContain(STREAMING.mediaOrPlaylist);
    expect((await w.deps.db.select().from(playlists).where(eq(playlists.id, mine.id)))[0]?.name).toBe("Mine");
  });

  test("a playlist on air cannot be deleted; a file in a playlist cannot be deleted (409 naming it)", async () => {
    const w = await world();
    const hole = await startBlackHole();
    const list = await w.asDev.playlists.create({
      project_id: w.project.id,
      name: "Loop A",
      media_ids: [w.a.id],
    });
    const err = await refusal(w.asAdmin.media.delete({ id: w.a.id }));
    expect([err.code, err.message]).toEqual(["CONFLICT", PLAYLISTS.mediaInPlaylist("Loop A")]);
    expect((await w.deps.db.select().from(mediaFiles).where(eq(mediaFiles.id, w.a.id)))[0]).toBeDefined();
    const dest = await w.asDev.streaming.createDestination({
      name: "D",
      type: "custom",
      rtmp_url: hole.rtmpUrl,
      stream_key: "k",
      autorestart: false,
      project_id: w.project.id,
    });
    const started = await w.asDev.streaming.start({ destinationId: dest.id, playlistId: list.id });
    expect([started.playlist_id, started.playlist_name, started.media_name]).toEqual([
      list.id,
      "Loop A",
      "Loop A",
    ]);
    const onAir = await refusal(w.asDev.playlists.delete({ id: list.id }));
    expect([onAir.code, onAir.message]).toEqual(["CONFLICT", PLAYLISTS.onAirDelete]);
    await w.asDev.streaming.stop({ streamId: started.id });
    await w.asDev.playlists.delete({ id: list.id });
    // History keeps the playlist's name.
    const row = (await w.deps.db.select().from(streams).where(eq(streams.id, started.id)))[0]!;
    expect([row.playlistId, row.playlistName]).toEqual([null, "Loop A"]);
    await hole.stop();
  });
});
