/** Which item of a looping playlist is on air, and how long until the next one starts. */
export interface OnAirItem {
  index: number;
  secondsToNext: number;
}

/**
 * From the time ffmpeg has sent (its progress `out_time`) and the items' lengths in playing order.
 * The playlist loops as a whole, so the position is the sent time modulo the loop's length. Null when
 * nothing can be said (no items, or no lengths). An edit on air plays from the next loop on, so until
 * then this is an estimate from the playlist as it is now.
 */
export function onAirItem(outTimeSeconds: number, durations: readonly number[]): OnAirItem | null {
  const loop = durations.reduce((sum, d) => sum + Math.max(0, d), 0);
  if (!(loop > 0) || !Number.isFinite(outTimeSeconds) || outTimeSeconds < 0) return null;
  let at = outTimeSeconds % loop;
  for (const [index, d] of durations.entries()) {
    const length = Math.max(0, d);
    if (at < length) return { index, secondsToNext: length - at };
    at -= length;
  }
  // Rounding left `at` a hair past the last item's end: the first item starts now.
  return { index: 0, secondsToNext: Math.max(0, durations[0] ?? 0) };
}

/** 'm:ss' (or 'h:mm:ss'), for short spans such as the time to the next item. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return s >= 3600 ? `${Math.floor(s / 3600)}:${String(mm).padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}
