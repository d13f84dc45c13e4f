import { afterAll } from "bun:test";
import type { AppDeps } from "@server/deps";
import { Scheduler, type SchedulerTimers } from "@server/features/schedules/scheduler";
import { Supervisor } from "@server/features/streaming/supervisor";
import { destinations, streams } from "@server/platform/db/schema";
import type { ConsoleEvent } from "@server/platform/events/bus";
import { asc, eq } from "drizzle-orm";
import { steamReadyMp4 } from "../../support/media";
import { makeOrg, makeProject, makeUser } from "../../support/server";
import { addVideo, FAST_TIMINGS, signedInCaller } from "../streaming/streaming-fixtures";

// A scheduler world: real ffmpeg and a real supervisor on the wall clock, and a scheduler whose clock
// (deps.now) and timer the test drives. The supervisor keeps real time so that moving the scheduler's
// clock by hours never looks like a stalled stream.

const supervisors: Supervisor[] = [];
afterAll(async () => {
  await Promise.all(supervisors.map((s) => s.shutdown()));
});

export function realSupervisor(deps: AppDeps): Supervisor {
  const supervisor = new Supervisor({
    db: deps.db,
    env: deps.env,
    now: Date.now,
    timings: FAST_TIMINGS,
    events: deps.events,
    resolve: deps.resolve,
  });
  supervisors.push(supervisor);
  deps.supervisor = supervisor;
  return supervisor;
}

/** A timer that never fires by itself: the test calls tick(). */
export class ManualTimers implements SchedulerTimers {
  installed = 0;
  setInterval(): unknown {
    this.installed++;
    return this.installed;
  }
  clearInterval(): void {}
}

export async function schedulerWorld(deps: AppDeps, rtmpUrl: string) {
  realSupervisor(deps);
  const org = await makeOrg(deps);
  const dev = await makeUser(deps, { role: "developer", orgId: org.id });
  const project = await makeProject(deps, { orgId: org.id, createdBy: dev.id });
  const media = await addVideo(deps, project.id, await steamReadyMp4(6));
  const events: ConsoleEvent[] = [];
  deps.events.on((e) => events.push(e));
  const scheduler = new Scheduler(deps, new ManualTimers());
  let seq = 0;
  const destination = async (url = rtmpUrl) => {
    const [row] = await deps.db
      .insert(destinations)
      .values({
        projectId: project.id,
        name: `Dest ${++seq}`,
        type: "custom",
        rtmpUrl: url,
        streamKey: `key-${crypto.randomUUID()}`,
      })
      .returning();
    return row!;
  };
  return {
    deps,
    project,
    media,
    events,
    scheduler,
    destination,
    /** A fresh caller: sessions are made on the scheduler's clock, which the tests move by months. */
    asDev: () => signedInCaller(deps, dev.id),
    streamsOf: (destinationId: number) =>
      deps.db.select().from(streams).where(eq(streams.destinationId, destinationId)).orderBy(asc(streams.id)),
  };
}
