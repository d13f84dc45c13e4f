import { steamCalls, steamErrors } from "@server/platform/metrics/registry";
import { steamGate } from "@server/platform/net/steam-gate";
import { STEAM_ERRORS } from "@shared/messages/steam";
import { maskKeys, SteamError } from "./errors";

// One GET against Steam with a timeout, retries for 429/5xx/network failures (exponential backoff,
// Retry-After honoured up to a cap) and errors that never carry the key.

export interface HttpOptions {
  timeoutMs: number;
  /** Retries after the first attempt. */
  retries: number;
  /** Backoff before retry n (0-based): baseDelayMs × 2ⁿ. */
  baseDelayMs: number;
  /** Injectable for tests, so a retried call costs no wall time. */
  sleep: (ms: number) => Promise<void>;
}

export const defaultHttpOptions: HttpOptions = {
  timeoutMs: 15_000,
  retries: 3,
  baseDelayMs: 500,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const MAX_RETRY_AFTER_MS = 30_000;

export interface SteamHttpResponse {
  status: number;
  body: string;
  isHtml: boolean;
}

function retryDelay(res: Response | null, attempt: number, opts: HttpOptions): number {
  const header = res?.headers.get("retry-after");
  const seconds = header ? Number(header) : Number.NaN;
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS);
  return opts.baseDelayMs * 2 ** attempt;
}

/** `service` names the endpoint in messages ("Steam store search") and in the metrics. */
export async function steamGet(url: string, service: string, opts: HttpOptions): Promise<SteamHttpResponse> {
  steamCalls.inc({ endpoint: service });
  try {
    // The slot is held through the backoff too: a Steam that asks us to slow down gets fewer calls.
    return await steamGate.run(() => steamGetWithRetries(url, service, opts));
  } catch (err) {
    steamErrors.inc({ endpoint: service });
    throw err;
  }
}

async function steamGetWithRetries(
  url: string,
  service: string,
  opts: HttpOptions,
): Promise<SteamHttpResponse> {
  let lastError: SteamError | null = null;
  for (let attempt = 0; attempt <= opts.retries; attempt++) {
    let res: Response | null = null;
    try {
      res = await fetch(url, {
        signal: AbortSignal.timeout(opts.timeoutMs),
        headers: { accept: "application/json" },
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      lastError = timedOut
        ? new SteamError("timeout", STEAM_ERRORS.timedOut(service, Math.round(opts.timeoutMs / 1000)))
        : new SteamError(
            "unavailable",
            STEAM_ERRORS.unreachable(service, maskKeys(String((err as Error).message))),
          );
    }
    if (res) {
      if (res.status !== 429 && res.status < 500) {
        const body = await res.text();
        const type = res.headers.get("content-type") ?? "";
        return {
          status: res.status,
          body,
          isHtml: type.includes("html") || /^\s*<(!doctype|html)/i.test(body),
        };
      }
      await res.body?.cancel();
      lastError =
        res.status === 429
          ? new SteamError("rate_limited", STEAM_ERRORS.rateLimited(service), 429)
          : new SteamError("unavailable", STEAM_ERRORS.unavailable(service, res.status), res.status);
    }
    if (attempt < opts.retries) await opts.sleep(retryDelay(res, attempt, opts));
  }
  throw lastError!;
}

/** Parses JSON or throws a readable error; Steam sometimes answers HTML or nothing at all. */
export function parseJson(res: SteamHttpResponse, service: string): unknown {
  if (res.body.trim() === "") return null;
  try {
    return JSON.parse(res.body);
  } catch {
    throw new SteamError("bad_response", STEAM_ERRORS.notJson(service, res.status), res.status);
  }
}
