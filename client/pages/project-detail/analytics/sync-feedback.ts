import { errorDetails, errorMessage, errorStatus } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { SYNC_NOTICES_UI } from "@client/messages/analytics-ui";
import { ANALYTICS } from "@shared/messages/analytics";
import type { JobFailure } from "@shared/schemas/jobs";
import { useCallback, useEffect, useRef } from "react";
import { PARTNER_NOTICE_MS } from "./constants";

interface PartnerAccessDetails {
  requiresPartnerAccess?: boolean;
  suggestions?: string[];
}

/** A failed call's answer, or a failed job's: the same message, status and details. */
const failureOf = (err: unknown): JobFailure => ({
  message: errorMessage(err, ""),
  status: errorStatus(err),
  details: errorDetails(err),
});

/** A failure: the call's own fallback as the title, the server's text beneath when it sent one. */
function showFailure(failure: JobFailure | null, fallback: string) {
  const server = failure?.message ?? "";
  notify({ type: "error", title: fallback, message: server && server !== fallback ? server : undefined });
}

/**
 * Financial failures: a 400 with requiresPartnerAccess shows the server's message (or 'Steam
 * Partner API Access Required') with the suggestions joined by bullets; anything else falls back
 * to the call's own text.
 */
function showFinancialFailure(failure: JobFailure | null, fallback: string) {
  const details = failure?.details as PartnerAccessDetails | undefined;
  if (failure?.status === 400 && details?.requiresPartnerAccess) {
    notify({
      type: "warning",
      title: failure.message || ANALYTICS.partnerAccessRequired,
      message: (details.suggestions ?? []).join(SYNC_NOTICES_UI.bullet) || undefined,
      duration: PARTNER_NOTICE_MS,
    });
    return;
  }
  showFailure(failure, fallback);
}

export const notifyFailure = (err: unknown, fallback: string) => showFailure(failureOf(err), fallback);
export const notifyFinancialFailure = (err: unknown, fallback: string) =>
  showFinancialFailure(failureOf(err), fallback);
/** A sync job that failed or was interrupted: told like a failed call. */
export const notifyJobFailure = (failure: JobFailure | null, fallback: string, financial = false) =>
  (financial ? showFinancialFailure : showFailure)(failure, fallback);

/**
 * Schedules the reload that follows a finished sync, and drops the
 * pending ones when the screen goes away so nothing fires into an unmounted tree.
 */
export function useDelayedReload() {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const t of pending) clearTimeout(t);
      pending.clear();
    };
  }, []);
  return useCallback((delayMs: number, reload: () => void) => {
    const t = setTimeout(() => {
      timers.current.delete(t);
      reload();
    }, delayMs);
    timers.current.add(t);
  }, []);
}
