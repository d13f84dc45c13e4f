// Uptime from two sets of time spans: when the destination was wanted live (intents) and when it was
// really publishing (runs). Pure: the store reads the rows, this module only counts.

import type { Span } from "@server/features/streaming";

export interface UptimeFigures {
  /** null when nothing was intended in the period. */
  uptime_percent: number | null;
  live_seconds: number;
  intended_seconds: number;
  failures: number;
  longest_outage_seconds: number;
  /** Of live_seconds: Steam showed the stream on the game's store page. */
  store_page_seconds: number;
  /** Of live_seconds: publishing, but not (known to be) on the store page. */
  pushed_seconds: number;
  /** store_page_seconds of intended_seconds; null when nothing was intended. */
  store_page_percent: number | null;
}

type Closed = [number, number];

/** Clipped to [from, to], sorted, overlaps merged. */
export function union(spans: Span[], from: number, to: number): Closed[] {
  const clipped = spans
    .map((s): Closed => [Math.max(s.start, from), Math.min(s.end ?? to, to)])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const merged: Closed[] = [];
  for (const [a, b] of clipped) {
    const last = merged.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

/** Parts of `a` that `b` also covers (both merged and sorted). */
export function intersect(a: Closed[], b: Closed[]): Closed[] {
  const out: Closed[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const lo = Math.max(a[i]![0], b[j]![0]);
    const hi = Math.min(a[i]![1], b[j]![1]);
    if (hi > lo) out.push([lo, hi]);
    if (a[i]![1] < b[j]![1]) i++;
    else j++;
  }
  return out;
}

/** Parts of `a` that `b` does not cover (both merged and sorted). */
export function subtract(a: Closed[], b: Closed[]): Closed[] {
  const out: Closed[] = [];
  for (const [start, end] of a) {
    let cursor = start;
    for (const [bs, be] of b) {
      if (be <= cursor || bs >= end) continue;
      if (bs > cursor) out.push([cursor, bs]);
      cursor = Math.max(cursor, be);
    }
    if (cursor < end) out.push([cursor, end]);
  }
  return out;
}

const total = (spans: Closed[]) => spans.reduce((sum, [a, b]) => sum + (b - a), 0);
const seconds = (ms: number) => Math.round(ms / 1000);

/** Runs outside every intent count for nothing: nobody wanted them, so they are not uptime. */
export function computeUptime(input: {
  intents: Span[];
  runs: Span[];
  failures: number[];
  /** Spans Steam showed the stream on the store page (counted only inside live time). */
  storePage?: Span[];
  from: number;
  to: number;
}): UptimeFigures {
  const { from, to } = input;
  const intended = union(input.intents, from, to);
  const live = intersect(intended, union(input.runs, from, to));
  const outages = subtract(intended, live);
  const intendedMs = total(intended);
  const liveMs = total(live);
  const onPageMs = total(intersect(live, union(input.storePage ?? [], from, to)));
  const percentOf = (ms: number) => (intendedMs > 0 ? Math.round((ms / intendedMs) * 10000) / 100 : null);
  return {
    uptime_percent: intendedMs > 0 ? Math.round((liveMs / intendedMs) * 10000) / 100 : null,
    live_seconds: seconds(liveMs),
    intended_seconds: seconds(intendedMs),
    failures: input.failures.filter((at) => at >= from && at <= to).length,
    longest_outage_seconds: seconds(Math.max(0, ...outages.map(([a, b]) => b - a))),
    store_page_seconds: seconds(onPageMs),
    pushed_seconds: seconds(liveMs) - seconds(onPageMs),
    store_page_percent: percentOf(onPageMs),
  };
}
