import type { SessionUser } from "@shared/types";
import { type CheckResult, classifyFailure } from "./session-rules";

/** How long, and how often, the server is asked again before it is declared unreachable. */
export const RECHECK_WITHIN_MS = 5_000;
export const RECHECK_EVERY_MS = 1_000;

/**
 * One unanswered call is often a blip (a Wi-Fi hand-over, a server restart): replacing the console
 * with "Server Connection Error" would throw away open forms for nothing. So the session is asked
 * again until it answers or the window passes; only then is "no answer" the result.
 */
export async function recheck(
  ask: () => Promise<SessionUser | null>,
  opts = { withinMs: RECHECK_WITHIN_MS, everyMs: RECHECK_EVERY_MS },
): Promise<CheckResult> {
  const deadline = Date.now() + opts.withinMs;
  for (;;) {
    let result: CheckResult;
    try {
      result = { user: await ask() };
    } catch (error) {
      result = { error };
    }
    const noAnswer = "error" in result && classifyFailure(result.error) === "unreachable";
    if (!noAnswer || Date.now() + opts.everyMs > deadline) return result;
    await new Promise((resolve) => setTimeout(resolve, opts.everyMs));
  }
}
