import type { AppDeps } from "@server/deps";
import { requirePermission, requireProject } from "@server/features/projects";
import { STREAMING } from "@shared/messages/streaming";
import type { CheckIngestBody, IngestCheck } from "@shared/schemas/streaming";
import type { SessionUser } from "@shared/types";
import { findDestination } from "./destinations";
import { checkRtmpIngest, type HandshakeOutcome } from "./rtmp-handshake";

// "Check connection": whether an ingest answers as an RTMP server, before a broadcast depends on it.
// Only those who may manage destinations may make the server connect somewhere.

const CHECK_TIMEOUT_MS = 5000;

const REASONS = {
  blocked: STREAMING.checkBlocked,
  unresolved: STREAMING.checkUnresolved,
  refused: STREAMING.checkRefused,
  timeout: STREAMING.checkTimeout,
  not_rtmp: STREAMING.checkNotRtmp,
  tls_unverified: STREAMING.tlsUnverified,
} as const;

const answer = (outcome: HandshakeOutcome): IngestCheck =>
  outcome.ok
    ? { ok: true, message: STREAMING.checkOk(outcome.ms), ms: outcome.ms }
    : { ok: false, message: REASONS[outcome.reason], ms: null };

/** Checks a saved destination's ingest, trusting its own CA file as streaming to it does. */
export async function checkDestination(deps: AppDeps, user: SessionUser, id: number): Promise<IngestCheck> {
  const row = await findDestination(deps, user, id);
  requirePermission(user, "destination.manage", STREAMING.forbiddenManageDestination);
  return answer(await checkRtmpIngest(row.rtmpUrl, deps.resolve, CHECK_TIMEOUT_MS, row.caFile));
}

/** Checks an address typed into the Add Destination form, for a project the user may add to. */
export async function checkIngestUrl(
  deps: AppDeps,
  user: SessionUser,
  input: CheckIngestBody,
): Promise<IngestCheck> {
  await requireProject(deps, user, input.project_id);
  requirePermission(user, "destination.manage", STREAMING.forbiddenManageDestination);
  return answer(await checkRtmpIngest(input.rtmp_url, deps.resolve, CHECK_TIMEOUT_MS));
}
