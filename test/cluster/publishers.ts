import type { PublishEvent } from "../fakes/nginx-rtmp";

/**
 * From nginx's publish log: for each key, the spans it had a publisher, and any moment two publishers
 * overlapped (a publish while the previous one of the same key had not ended).
 */
export function doublePublishers(events: readonly PublishEvent[]): string[] {
  const open = new Map<string, number>();
  const overlaps: string[] = [];
  for (const e of events) {
    if (e.call === "publish") {
      if ((open.get(e.key) ?? 0) > 0) overlaps.push(`${e.key} at ${new Date(e.at).toISOString()}`);
      open.set(e.key, (open.get(e.key) ?? 0) + 1);
    } else if (e.call === "publish_done") {
      open.set(e.key, Math.max(0, (open.get(e.key) ?? 0) - 1));
    }
  }
  return overlaps;
}

/** The first publish of each key after `since`, in ms after it. */
export function republishedAfter(events: readonly PublishEvent[], keys: readonly string[], since: number) {
  const back = new Map<string, number>();
  for (const e of events) {
    if (e.call !== "publish" || e.at < since || back.has(e.key) || !keys.includes(e.key)) continue;
    back.set(e.key, e.at - since);
  }
  return back;
}
