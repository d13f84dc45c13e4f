// The timers the samplers and daily passes run on, injectable so tests drive them by hand.

export interface SamplerTimers {
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

export const realTimers: SamplerTimers = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

/** Waits for a pass in flight to settle, but never longer than `graceMs` (Steam may be slow). */
export async function settleWithin(pass: Promise<unknown> | null, graceMs: number): Promise<void> {
  if (!pass) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, graceMs);
  });
  await Promise.race([pass.catch(() => {}), grace]);
  clearTimeout(timer);
}
