import type { AppRouter } from "@server/api/root-router";
import { createTRPCClient, httpBatchLink } from "@trpc/client";

/**
 * Example script: starts or stops a stream with only an API token (made on the Profile page), once
 * over plain REST and once with the typed tRPC client. No sign-in, no cookie, no Origin header.
 *   CONSOLE_URL=http://127.0.0.1:3000 CONSOLE_TOKEN=sct_… bun server/tools/stream-with-token.ts \
 *     start DESTINATION_ID MEDIA_ID [--trpc]      (prints the stream id)
 *     stop STREAM_ID [--trpc]
 */

export interface StreamAnswer {
  id: number;
  status: string;
}

/** The typed client, signed with the token on every call. */
export function tokenClient(url: string, token: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: new URL("/api/trpc", url).toString(),
        headers: { authorization: `Bearer ${token}` },
      }),
    ],
  });
}

/** A REST call as curl would make it; a 4xx/5xx throws the server's `{ error }` text. */
async function rest<T>(url: string, token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(new URL(`/api${path}`, url), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(data.error ?? `HTTP ${res.status}`);
  return data;
}

export const restStart = (url: string, token: string, destinationId: number, mediaId: number) =>
  rest<StreamAnswer>(url, token, `/destinations/${destinationId}/stream`, { mediaId });

export const restStop = (url: string, token: string, streamId: number) =>
  rest<StreamAnswer>(url, token, "/streams/stop", { streamId });

export const trpcStart = (url: string, token: string, destinationId: number, mediaId: number) =>
  tokenClient(url, token).streaming.start.mutate({ destinationId, mediaId });

export const trpcStop = (url: string, token: string, streamId: number) =>
  tokenClient(url, token).streaming.stop.mutate({ streamId });

const USAGE =
  "usage: stream-with-token start DESTINATION_ID MEDIA_ID [--trpc] | stop STREAM_ID [--trpc]  (CONSOLE_URL, CONSOLE_TOKEN)";

export async function main(
  argv = process.argv.slice(2),
  env: Record<string, string | undefined> = process.env,
  print: (line: string) => void = console.log,
): Promise<number> {
  const viaTrpc = argv.includes("--trpc");
  const [command, ...ids] = argv.filter((a) => a !== "--trpc");
  const numbers = ids.map(Number);
  const { CONSOLE_URL: url, CONSOLE_TOKEN: token } = env;
  const arity = command === "start" ? 2 : command === "stop" ? 1 : -1;
  if (!url || !token || numbers.length !== arity || !numbers.every(Number.isSafeInteger)) {
    print(USAGE);
    return 2;
  }
  try {
    const [a = 0, b = 0] = numbers;
    const answer =
      command === "start"
        ? await (viaTrpc ? trpcStart : restStart)(url, token, a, b)
        : await (viaTrpc ? trpcStop : restStop)(url, token, a);
    print(`${answer.id}\t${answer.status}`);
    return 0;
  } catch (err) {
    print(`error: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

if (import.meta.main) process.exit(await main());
