import { afterAll, describe, expect, test } from "bun:test";
import type { AppDeps } from "@server/deps";
import { streams } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { startReceiver } from "../../fakes/rtmp-receiver";
import { steamReadyMp4 } from "../../support/media";
import { makeOrg, makeProject, makeUser, testDeps } from "../../support/server";
import { waitUntil } from "../../support/wait";
import { addVideo, signedInCaller } from "../streaming/streaming-fixtures";

// The supervisor the console builds (deps.ts), with its run listeners, running real ffmpeg.
const built: AppDeps[] = [];
afterAll(async () => {
  await Promise.all(built.map((d) => d.supervisor.shutdown()));
});

describe("a stream's node", () => {
  test("is written on the stream row when its run goes on air, and named on its card", async () => {
    const deps = testDeps({ NODE_NAME: "node-a" });
    built.push(deps);
    const org = await makeOrg(deps);
    const dev = await makeUser(deps, { role: "developer", orgId: org.id });
    const project = await makeProject(deps, { orgId: org.id, createdBy: dev.id });
    const as = await signedInCaller(deps, dev.id);
    const receiver = await startReceiver({ key: "node-key" });
    const media = await addVideo(deps, project.id, await steamReadyMp4(6));
    const dest = await as.streaming.createDestination({
      name: "Local",
      type: "custom",
      rtmp_url: receiver.rtmpUrl,
      stream_key: receiver.key,
      autorestart: false,
      project_id: project.id,
    });
    const started = await as.streaming.start({ destinationId: dest.id, mediaId: media.id });
    const nodeOf = async () =>
      (await deps.db.select({ node: streams.node }).from(streams).where(eq(streams.id, started.id)))[0]?.node;
    expect(await nodeOf()).toBeNull();
    await receiver.waitForFrames(10);
    await waitUntil(async () => (await nodeOf()) === "node-a", 5000, "node recorded");
    const [card] = await as.streaming.destinations({ projectId: project.id });
    expect(card).toMatchObject({ stream_status: "running", stream_node: "node-a" });

    await as.streaming.stop({ streamId: started.id });
    const [idle] = await as.streaming.destinations({ projectId: project.id });
    expect(idle!.stream_node).toBeNull();
    // The row keeps the node that ran it, as history.
    expect(await nodeOf()).toBe("node-a");
    await receiver.stop();
  }, 20_000);
});
