// Webhook benchmark: time from an event's emission on the bus to its receipt at a local HTTP
// receiver, through the real delivery worker and a real SQLite file. Two runs: EVENTS events emitted
// back to back, and the failures of a real ffmpeg stream to a dead
// port (auto-restart on), told as they happen. Budget: delivery within 5 s. It prints, asserts nothing.
// Run: bun test/bench/webhooks.ts   (env: EVENTS=100, FAILURES=5)

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDeps } from "@server/deps";
import { mediaPaths } from "@server/features/media/storage";
import { insertStarting } from "@server/features/streaming/stream-store";
import { deliveryWorker } from "@server/features/webhooks/delivery";
import { destinations, mediaFiles, organizations, projects, webhooks } from "@server/platform/db/schema";
import { loadEnv } from "@server/platform/env";
import type { ConsoleEvent } from "@server/platform/events/bus";
import { freePort } from "../fakes/rtmp-receiver";
import { startWebhookReceiver, until } from "../fakes/webhook-receiver";
import { steamReadyMp4 } from "../support/media";

const EVENTS = Number(process.env.EVENTS ?? 100);
const FAILURES = Number(process.env.FAILURES ?? 5);
const work = mkdtempSync(join(tmpdir(), "console-bench-webhooks-"));
const receiver = startWebhookReceiver();
// The receiver listens on loopback, as a studio's own would on its LAN.
const deps = createDeps(loadEnv({ ...process.env, DATA_DIR: work, ALLOW_PRIVATE_TARGETS: "on" }));

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** Emission time per event (keyed by its `at`, unique here) against the receipt of each body. */
function latencies(emitted: Map<number, number>): number[] {
  return receiver.received.flatMap((hit) => {
    const at = Date.parse(JSON.parse(hit.body).at ?? "");
    const sent = emitted.get(at);
    return sent === undefined ? [] : [hit.at - sent];
  });
}

function report(label: string, xs: number[]) {
  console.log(
    `${label}: ${xs.length} received, p50 ${ms(percentile(xs, 50))}, p95 ${ms(percentile(xs, 95))}, max ${ms(Math.max(...xs))}   (budget ≤ 5000 ms)`,
  );
}

async function main() {
  const org = (await deps.db.insert(organizations).values({ name: "Bench", slug: "bench" }).returning())[0]!;
  const project = (await deps.db.insert(projects).values({ name: "Bench", orgId: org.id }).returning())[0]!;
  // A generic webhook: its JSON carries the event's `at`, which keys each receipt to its emission.
  await deps.db.insert(webhooks).values({
    projectId: project.id,
    url: receiver.url,
    format: "generic",
    events: ["stream.failed"],
    secret: "s",
  });
  delivery.start();

  const emitted = new Map<number, number>();
  const base = Date.now() - 1_000_000;
  for (let i = 0; i < EVENTS; i++) {
    const event: ConsoleEvent = {
      type: "stream.failed",
      projectId: project.id,
      at: base + i,
      message: "bench",
    };
    emitted.set(event.at, Date.now());
    deps.events.emit(event);
  }
  await until(() => receiver.received.length >= EVENTS, 30_000, "every bench event");
  report(`${EVENTS} events back to back`, latencies(emitted));

  // Real failures: ffmpeg to a port nobody listens on, restarted by the supervisor.
  receiver.received.length = 0;
  const stamped = new Map<number, number>();
  deps.events.on((e) => stamped.set(e.at, Date.now()));
  const file = await steamReadyMp4(6);
  const storedName = `${crypto.randomUUID()}.mp4`;
  await Bun.write(mediaPaths(work).file(storedName), Bun.file(file));
  const media = (
    await deps.db
      .insert(mediaFiles)
      .values({
        projectId: project.id,
        originalName: "trailer.mp4",
        storedName,
        mimeType: "video/mp4",
        fileSize: 1,
        kind: "video",
        steamReady: true,
        videoCodec: "h264",
        audioCodec: "aac",
      })
      .returning()
  )[0]!;
  const destination = (
    await deps.db
      .insert(destinations)
      .values({
        projectId: project.id,
        name: "Dead port",
        type: "custom",
        rtmpUrl: `rtmp://127.0.0.1:${freePort()}/live`,
        streamKey: "bench-KEY",
        autorestart: true,
      })
      .returning()
  )[0]!;
  const stream = await insertStarting(deps.db, {
    destination,
    media,
    startedBy: null,
    startedAt: Date.now(),
  });
  await deps.supervisor.launch({ stream, destination, media });
  await until(() => receiver.received.length >= FAILURES, 120_000, "the stream failures");
  await deps.supervisor.stop(stream.id);
  report(`${FAILURES} real ffmpeg failures`, latencies(stamped).slice(0, FAILURES));
  const leaked = receiver.received.some((h) => h.body.includes("bench-KEY"));
  console.log(`stream key in any payload: ${leaked ? "YES" : "no"}`);
}

const delivery = deliveryWorker(deps);
try {
  await main();
} finally {
  await delivery.stop();
  await deps.supervisor.shutdown();
  receiver.stop();
  await deps.closeDb();
  rmSync(work, { recursive: true, force: true });
}
