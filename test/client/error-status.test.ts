import { describe, expect, test } from "bun:test";
import { errorStatus, gotNoAnswer } from "@client/lib/errors";
import { TRPCClientError } from "@trpc/client";

// What a failed call's status reads as on the client, as the page decides what to say by it.
describe("a failed call's status", () => {
  test("a tRPC refusal reads its own status", () => {
    const err = TRPCClientError.from({
      error: { message: "Nope", code: -32600, data: { code: "FORBIDDEN", httpStatus: 403 } },
    });
    expect(errorStatus(err)).toBe(403);
  });

  test("a refusal made before tRPC (plain { error } JSON) reads the response's status", () => {
    // As httpBatchLink builds it from `{ "error": "…" }` answered with 503 by the server's own error handler.
    const response = new Response(JSON.stringify({ error: "The console cannot reach its database" }), {
      status: 503,
    });
    const err = TRPCClientError.from(new Error("The console cannot reach its database"), {
      meta: { response },
    });
    expect(errorStatus(err)).toBe(503);
    expect(gotNoAnswer(err)).toBe(false);
  });

  test("no answer at all has no status", () => {
    const err = TRPCClientError.from(new TypeError("Failed to fetch"));
    expect(errorStatus(err)).toBeUndefined();
    expect(gotNoAnswer(err)).toBe(true);
    expect(errorStatus(new Error("not a call"))).toBeUndefined();
  });
});
