import { expect, test } from "bun:test";
import { badRequest } from "@server/platform/errors";
import { JobRunner } from "@server/platform/jobs/runner";
import { JOBS } from "@shared/messages/jobs";
import { reopenDb, testDeps } from "../../support/server";
import { waitUntil } from "../../support/wait";

// The job runner on a real database: each test gets its own.

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const spec = (key = "financial-recent:1") => ({
  kind: "financial-recent",
  key,
  projectId: null,
  startedBy: null,
});

/** Waits for a condition on the job's row, within a deadline. */
const until = (check: () => Promise<boolean>) => waitUntil(check, 5000, "the job's row", 2);

test("start answers with a job id once its row is written; the row goes on to running, then done with the result", async () => {
  const { jobs } = testDeps();
  const gate = deferred<{ records: number }>();
  const started = await jobs.start(spec(), () => gate.promise);
  expect(started.joined).toBe(false);
  // Queued until its work is under way, which may already be the case when start answers.
  expect(["queued", "running"]).toContain((await jobs.get(started.id))?.status ?? "missing");
  await until(async () => (await jobs.get(started.id))?.status === "running");
  gate.resolve({ records: 7 });
  expect(await started.finished).toEqual({ records: 7 });
  const row = await jobs.get(started.id);
  expect(row).toMatchObject({ status: "done", result: { records: 7 }, errorMessage: null });
  expect(row?.finishedAt).not.toBeNull();
});

test("progress is written to the row as the work reports it", async () => {
  const { jobs } = testDeps();
  const gate = deferred<void>();
  const reported = deferred<void>();
  const started = await jobs.start(spec(), async (report) => {
    report({ datesTotal: 364 });
    report({ datesDone: 120, recordsFound: 4210 });
    reported.resolve();
    await gate.promise;
  });
  await reported.promise;
  // The writes follow the reports, in order.
  await until(async () => (await jobs.get(started.id))?.recordsFound === 4210);
  expect(await jobs.get(started.id)).toMatchObject({
    status: "running",
    datesDone: 120,
    datesTotal: 364,
    recordsFound: 4210,
  });
  gate.resolve();
  await started.finished;
});

test("a second start of the same key joins the running job; another key runs beside it", async () => {
  const { jobs } = testDeps();
  const gate = deferred<string>();
  let runs = 0;
  const work = () => {
    runs += 1;
    return gate.promise;
  };
  const first = await jobs.start(spec("a"), work);
  const second = await jobs.start(spec("a"), work);
  const other = await jobs.start(spec("b"), async () => "b");
  expect(second).toMatchObject({ id: first.id, joined: true });
  expect(other.id).not.toBe(first.id);
  gate.resolve("a");
  expect(await second.finished).toBe("a");
  expect(await other.finished).toBe("b");
  expect(runs).toBe(1);
  // Once it has ended, the same key starts a new job.
  const third = await jobs.start(spec("a"), async () => "again");
  expect(third.joined).toBe(false);
  expect(await third.finished).toBe("again");
});

test("a failure records the error's message, code and details, and rejects with the error itself", async () => {
  const { jobs } = testDeps();
  const refusal = badRequest("No partner key", { requiresPartnerAccess: true });
  const started = await jobs.start(spec(), async () => {
    throw refusal;
  });
  await expect(started.finished).rejects.toBe(refusal);
  expect(await jobs.get(started.id)).toMatchObject({
    status: "failed",
    errorMessage: "No partner key",
    errorCode: "BAD_REQUEST",
    errorDetails: { requiresPartnerAccess: true },
  });
});

test("an unexpected error is recorded with a plain sentence, the detail goes to the log", async () => {
  const lines: string[] = [];
  const { db } = testDeps();
  const jobs = new JobRunner({ db, now: Date.now, log: (l) => lines.push(l) });
  const started = await jobs.start(spec(), async () => {
    throw new TypeError("x is undefined");
  });
  await expect(started.finished).rejects.toThrow("x is undefined");
  expect(await jobs.get(started.id)).toMatchObject({
    status: "failed",
    errorMessage: JOBS.failedUnexpectedly,
    errorCode: null,
  });
  expect(lines.join("\n")).toContain("x is undefined");
});

test("a job nobody waits on may fail without an unhandled rejection", async () => {
  const { jobs } = testDeps();
  const started = await jobs.start(spec(), async () => {
    throw new Error("boom");
  });
  await until(async () => (await jobs.get(started.id))?.status === "failed");
});

test("after a restart, jobs the old server left unfinished are marked interrupted with a plain note", async () => {
  const deps = testDeps();
  const never = deferred<void>();
  const left = await deps.jobs.start(spec("left"), () => never.promise);
  await until(async () => (await deps.jobs.get(left.id))?.status === "running");
  const done = await deps.jobs.start(spec("done"), async () => 1);
  await done.finished;

  // A second server on the same file, as after a restart: it owns none of the running rows.
  const reopened = reopenDb(deps);
  const next = new JobRunner({ db: reopened.db, now: Date.now });
  expect((await next.unfinished(null)).map((j) => j.id)).toEqual([left.id]);
  expect(await next.interruptLeftRunning()).toBe(1);
  expect(await next.get(left.id)).toMatchObject({
    status: "interrupted",
    errorMessage: JOBS.interruptedByRestart,
  });
  expect((await next.get(done.id))?.status).toBe("done");
  expect(await next.unfinished(null)).toEqual([]);
  // The key is free again on the new server.
  const again = await next.start(spec("left"), async () => "ok");
  expect(await again.finished).toBe("ok");
  await reopened.close();
});
