import { SCHEDULES_UI as UI } from "@client/messages/schedules-ui";
import type { ScheduleView } from "@shared/schemas/schedules";

/** An instant in the viewer's own time zone, e.g. "Sat, Dec 5, 10:00 AM". */
export function localWhen(ms: number): string {
  return new Date(ms).toLocaleString(undefined, {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

/** One line per window: when it runs, as it was entered. */
export function describeWindow(w: ScheduleView): string {
  if (w.kind === "once") return `${localWhen(w.starts_at ?? 0)} → ${localWhen(w.ends_at ?? 0)}`;
  const days = (w.days ?? []).map((d) => UI.dayNames[d]).join(", ");
  const overnight = (w.to ?? "") <= (w.from ?? "") ? ` ${UI.nextDay}` : "";
  return `${days} · ${w.from}–${w.to}${overnight} · ${w.timezone}`;
}

/** The zones the runtime knows, for the weekly form (a short list when the runtime cannot tell). */
export function timeZones(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  return (
    intl.supportedValuesOf?.("timeZone") ?? [
      "America/Los_Angeles",
      "America/New_York",
      "Europe/London",
      "UTC",
    ]
  );
}

/** A datetime-local value (the viewer's wall clock) as an ISO instant with Z. */
export const localInputToIso = (value: string) => new Date(value).toISOString();
