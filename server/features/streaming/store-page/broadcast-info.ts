import { z } from "zod";

// Steam's community endpoint for a broadcaster's live broadcast. Valve does not document it; the
// shape below is what Steam's own community web client reads from it (`success`, `is_online`,
// `appid` as a decimal string, `app_title`, plus title, viewers and a suggested `update_interval`),
// as seen in that client's published scripts and in open-source clients of the endpoint. Only the
// fields the check uses are held to a type; anything else about the answer is left alone.

const appId = z.union([z.string().regex(/^\d{1,10}$/), z.number().int().nonnegative()]).transform(Number);

const answerSchema = z.looseObject({
  /** Steam's client treats anything but 1 as "no broadcast information". */
  success: z.literal(1).optional(),
  is_online: z.boolean(),
  appid: appId.optional(),
  app_title: z.string().max(500).optional(),
});

/** What the check needs of Steam's answer. */
export interface BroadcastInfo {
  online: boolean;
  appId: number | null;
  appTitle: string | null;
}

export class BroadcastCheckError extends Error {
  constructor(
    message: string,
    /** Steam answered, but not in the shape the check knows. */
    readonly misunderstood = false,
  ) {
    super(message);
  }
}

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

const TIMEOUT_MS = 10_000;
const MAX_BODY = 64 * 1024;

/** Parses Steam's answer strictly: an answer in any other shape is an error, never a guess. */
export function parseBroadcastInfo(body: unknown): BroadcastInfo {
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success) throw new BroadcastCheckError("getbroadcastinfo answered in an unknown shape", true);
  const a = parsed.data;
  // Online without an app cannot be placed on any page.
  if (a.is_online && a.appid === undefined)
    throw new BroadcastCheckError("getbroadcastinfo said online without an appid", true);
  return {
    online: a.is_online,
    appId: a.appid ?? null,
    appTitle: a.app_title?.trim() || null,
  };
}

/** One GET of getbroadcastinfo for a SteamID64; throws BroadcastCheckError on any failure. */
export async function fetchBroadcastInfo(
  base: string,
  steamId: string,
  fetchFn: Fetch,
): Promise<BroadcastInfo> {
  const url = new URL("/broadcast/getbroadcastinfo/", base);
  url.searchParams.set("steamid", steamId);
  let response: Response;
  try {
    response = await fetchFn(url.toString(), {
      redirect: "error",
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { accept: "application/json" },
    });
  } catch (err) {
    throw new BroadcastCheckError(`getbroadcastinfo unreachable: ${(err as Error).message}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new BroadcastCheckError(`getbroadcastinfo answered HTTP ${response.status}`);
  }
  const text = await response.text();
  if (text.length > MAX_BODY) throw new BroadcastCheckError("getbroadcastinfo answer too large", true);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BroadcastCheckError("getbroadcastinfo answered something other than JSON", true);
  }
  return parseBroadcastInfo(body);
}
