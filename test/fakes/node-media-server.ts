import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, isListening, waitFor } from "./rtmp-receiver";

// A second real ingest, written by others: node-media-server on loopback. Its prePublish hook closes
// the connection of a refused publish name, the way it refuses a bad key: the publish has already been
// answered "NetStream.Publish.Start" at the RTMP layer, then the socket ends.
// The server keeps its state in module singletons, so one runs at a time in a test process.

export interface NodeMediaServer {
  port: number;
  /** The destination URL (application `live`), without a key. */
  rtmpUrl: string;
  /** Publish names the server accepted, in order. */
  published: string[];
  stop(): Promise<void>;
}

export async function startNodeMediaServer(refuse: (key: string) => boolean): Promise<NodeMediaServer> {
  // Loaded on use: it keeps its state in module singletons, and only the tests that use it load it.
  const { default: NodeMediaServerClass } = await import("node-media-server");
  const { default: logger } = await import("node-media-server/src/core/logger.js");
  const port = freePort();
  const dir = mkdtempSync(join(tmpdir(), "console-nms-"));
  const nms = new NodeMediaServerClass(
    { bind: "127.0.0.1", rtmp: { port }, store: { path: dir }, webadmin: { enable: false } },
    join(dir, "config.json"),
  );
  // Its constructor sets debug; a test wants only what goes wrong.
  logger.level = "warn";
  const published: string[] = [];
  nms.on("prePublish", (session) => {
    if (refuse(session.streamName)) session.close();
    else published.push(session.streamName);
  });
  await nms.run();
  await waitFor(() => isListening(port), 5000, "node-media-server to listen");
  return {
    port,
    rtmpUrl: `rtmp://127.0.0.1:${port}/live`,
    published,
    async stop() {
      await nms.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
