import { log } from "@server/platform/log";
import { STEAM_PLAIN } from "@shared/messages/steam";

// What went wrong talking to Steam, as a kind the services can act on and a message a person can read.
// Messages never contain a key: URLs are masked before they reach a message (see maskKeys).

export type SteamErrorKind =
  | "unknown_app"
  | "no_achievements"
  | "key_missing"
  | "key_rejected"
  | "no_permission"
  | "rate_limited"
  | "unavailable"
  | "timeout"
  | "bad_response";

export class SteamError extends Error {
  constructor(
    readonly kind: SteamErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "SteamError";
  }
}

/** Replaces every `key=…` query value with `***`, so a URL can be shown or logged. */
export function maskKeys(text: string): string {
  return text.replace(/([?&]key=)[^&\s"']*/gi, "$1***");
}

/** Partner-key problems are the ones the client answers with requiresPartnerAccess. */
export const isPartnerAccessError = (err: unknown): err is SteamError =>
  err instanceof SteamError &&
  (err.kind === "key_missing" || err.kind === "key_rejected" || err.kind === "no_permission");

/**
 * The sentence a user reads for a Steam failure. Steam being down, slow, busy or incoherent gets a
 * plain "try again" sentence; the rest (unknown app, a rejected key) already says what to fix.
 */
export function plainSteamMessage(err: SteamError): string {
  if (err.kind === "unavailable" || err.kind === "timeout") return STEAM_PLAIN.unreachable;
  if (err.kind === "rate_limited") return STEAM_PLAIN.busy;
  if (err.kind === "bad_response") return STEAM_PLAIN.unreadable;
  return err.message;
}

/** Steam's own failures are logged with their detail; quiet under `bun test`. */
export function logSteamFailure(err: SteamError): void {
  log.warn(`Steam ${err.kind}: ${maskKeys(err.message)}`, { component: "steam" });
}
