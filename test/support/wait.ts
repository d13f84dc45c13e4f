/** Polls `check` every `everyMs` until it returns something truthy (returned), or throws after `timeoutMs`. */
export async function waitUntil<T>(
  check: () => T | Promise<T>,
  timeoutMs: number,
  what: string,
  everyMs = 25,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await Bun.sleep(everyMs);
  }
}
