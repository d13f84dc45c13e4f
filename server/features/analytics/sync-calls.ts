import type { AppDeps } from "@server/deps";
import { call } from "@server/platform/api/call";
import type { StartedJob } from "@server/platform/jobs/runner";
import type { SyncJobStart } from "@shared/schemas/jobs";
import type { SessionUser } from "@shared/types";
import type { z } from "zod";

interface SyncCallSpec<I extends z.ZodType> {
  input: I;
  /** POST, under /api; `:id` (when there) is the project. */
  path: string;
  summary: string;
  start: (deps: AppDeps, user: SessionUser, input: z.output<I>) => Promise<StartedJob<unknown>>;
}

/**
 * A sync runs as a background job. The console gets the job to poll; a script calling REST waits
 * for the job (or the running one it joins) to end and gets its result, as when the sync ran inside
 * the request.
 */
export function syncCall<I extends z.ZodType>({ input, path, summary, start }: SyncCallSpec<I>) {
  // The declaration parses with `input`, so what reaches the handlers is its output.
  const begin = (deps: AppDeps, user: SessionUser, args: unknown) => start(deps, user, args as z.output<I>);
  return call({
    auth: "user",
    input,
    rest: { method: "post", path, ...(path.includes(":id") ? { params: { id: "projectId" } } : {}) },
    doc: {
      summary,
      answer: { description: "The finished sync job's result (the call waits for the job)." },
      errors: [403, 409, 502],
    },
    handler: async ({ deps, user }, args): Promise<SyncJobStart> => ({
      jobId: (await begin(deps, user, args)).id,
    }),
    restHandler: async ({ deps, user }, args) => (await begin(deps, user, args)).finished,
  });
}
