import { errorDetails, errorMessage, errorStatus } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { SYNC_NOTICES_UI } from "@client/messages/analytics-ui";
import { ANALYTICS } from "@shared/messages/analytics";
import { useCallback, useEffect, useRef } from "react";
import { PARTNER_NOTICE_MS } from "./constants";

interface PartnerAccessDetails {
  requiresPartnerAccess?: boolean;
  suggestions?: string[];
}

/** A failed call: the call's fallback text as the title, the server's own text beneath when it sent one. */
export function notifyFailure(err: unknown, fallback: string) {
  const server = errorMessage(err, "");
  notify({ type: "error", title: fallback, message: server && server !== fallback ? server : undefined });
}

/**
 * Financial calls: a 400 with requiresPartnerAccess shows the server's message
 * (or 'Steam Partner API Access Required') with the suggestions joined by bullets; anything else
 * falls back to the call's own text.
 */
export function notifyFinancialFailure(err: unknown, fallback: string) {
  const details = errorDetails<PartnerAccessDetails>(err);
  if (errorStatus(err) === 400 && details?.requiresPartnerAccess) {
    notify({
      type: "warning",
      title: errorMessage(err, ANALYTICS.partnerAccessRequired),
      message: (details.suggestions ?? []).join(SYNC_NOTICES_UI.bullet) || undefined,
      duration: PARTNER_NOTICE_MS,
    });
    return;
  }
  notifyFailure(err, fallback);
}

/**
 * Schedules reloads after a sync (the server keeps working after it answers), and drops the
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
