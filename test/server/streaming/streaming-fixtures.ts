import { afterAll } from "bun:test";
import { copyFileSync, statSync } from "node:fs";
import { basename, extname } from "node:path";
import { appRouter } from "@server/api/root-router";
import type { AppDeps } from "@server/deps";
import { authenticate } from "@server/features/auth/auth";
import { createSession, generateSessionToken } from "@server/features/auth/session";
import { mediaPaths } from "@server/features/media/storage";
import type { StreamTimings } from "@server/features/streaming/backoff";
import { Supervisor } from "@server/features/streaming/supervisor";
import { mediaFiles } from "@server/platform/db/schema";
import type { Env } from "@server/platform/env";
import { createCallerFactory } from "@server/platform/trpc/init";
import { makeOrg, makeProject, makeUser, testDeps } from "../../support/server";

// Shared set-up for the streaming tests: a database with an organization, users of each role, a
// project, real media files, and a supervisor with short timings so failures play out in seconds.

export const FAST_TIMINGS: Partial<StreamTimings> = {
  // Above ffmpeg's start-up plus its 1 s progress period on a loaded machine, or healthy streams stall.
  stallMs: 5000,
  stallCheckMs: 100,
  stopGraceMs: 1500,
  backoffBaseMs: 300,
  backoffFactor: 1.5,
  backoffCapMs: 2000,
  healthyResetMs: 5000,
};

const supervisors: Supervisor[] = [];
afterAll(async () => {
  // Whatever a failed test left running is stopped here: no ffmpeg outlives the suite.
  await Promise.all(supervisors.map((s) => s.shutdown()));
});

export function withSupervisor(
  deps: AppDeps,
  timings: Partial<StreamTimings> = {},
  log?: (line: string) => void,
): Supervisor {
  const supervisor = new Supervisor({
    db: deps.db,
    env: deps.env,
    now: deps.now,
    timings: { ...FAST_TIMINGS, ...timings },
    log,
    events: deps.events,
    resolve: deps.resolve,
  });
  supervisors.push(supervisor);
  deps.supervisor = supervisor;
  return supervisor;
}

/**
 * A tRPC caller with a real session for the user, made without the password check (argon2 costs
 * about a second per sign-in on this machine; the sign-in itself is the auth tests' business).
 */
export async function signedInCaller(deps: AppDeps, userId: number) {
  const token = generateSessionToken();
  await createSession(deps.db, token, userId, deps.now());
  const auth = (await authenticate(deps, token))!;
  return createCallerFactory(appRouter)({
    deps,
    user: auth.user,
    session: auth.session,
    clientAddress: "test",
    cookies: { setSession: () => {}, clearSession: () => {} },
  });
}

export async function streamingWorld(
  env: Partial<Record<keyof Env, string>> = {},
  timings: Partial<StreamTimings> = {},
) {
  const deps = testDeps(env);
  withSupervisor(deps, timings);
  const org = await makeOrg(deps);
  const admin = await makeUser(deps, { role: "admin", orgId: org.id });
  const dev = await makeUser(deps, { role: "developer", orgId: org.id });
  const viewer = await makeUser(deps, { role: "viewer", orgId: org.id });
  const project = await makeProject(deps, { orgId: org.id, createdBy: dev.id });
  return {
    deps,
    org,
    admin,
    dev,
    viewer,
    project,
    asDev: await signedInCaller(deps, dev.id),
    asViewer: await signedInCaller(deps, viewer.id),
    asAdmin: await signedInCaller(deps, admin.id),
  };
}

/** Copies a real file into the data dir and records it as a media file of the project. */
export async function addVideo(
  deps: AppDeps,
  projectId: number,
  file: string,
  meta: Partial<typeof mediaFiles.$inferInsert> = {},
) {
  const storedName = `${crypto.randomUUID()}${extname(file)}`;
  copyFileSync(file, mediaPaths(deps.env.DATA_DIR).file(storedName));
  return (
    await deps.db
      .insert(mediaFiles)
      .values({
        projectId,
        originalName: basename(file),
        storedName,
        mimeType: "video/mp4",
        fileSize: statSync(file).size,
        kind: "video",
        durationSeconds: 6,
        width: 320,
        height: 240,
        videoCodec: "h264",
        audioCodec: "aac",
        frameRate: 25,
        keyframeInterval: 2,
        steamReady: true,
        ...meta,
      })
      .returning()
  )[0]!;
}

export const pidAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
