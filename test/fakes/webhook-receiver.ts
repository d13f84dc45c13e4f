// A local HTTP endpoint that records what webhooks send it, and can fail on purpose: answer an
// error status to the first requests, or never answer at all.

export interface ReceivedHook {
  body: string;
  headers: Record<string, string>;
  at: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedHook[];
  /** Requests seen, including the ones answered with an error. */
  hits: () => number;
  stop: () => void;
}

export function startWebhookReceiver(
  opts: { failFirst?: number; failStatus?: number; hang?: boolean } = {},
): WebhookReceiver {
  const received: ReceivedHook[] = [];
  let hits = 0;
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      hits += 1;
      const body = await req.text();
      if (opts.hang) return new Promise<Response>(() => {});
      if (hits <= (opts.failFirst ?? 0)) return new Response("nope", { status: opts.failStatus ?? 500 });
      received.push({ body, headers: Object.fromEntries(req.headers), at: Date.now() });
      return new Response(null, { status: 204 });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}/hooks/T0KEN-path-secret`,
    received,
    hits: () => hits,
    stop: () => server.stop(true),
  };
}

/** Polls until the check passes, or throws naming what did not happen. */
export async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(20);
  }
}
