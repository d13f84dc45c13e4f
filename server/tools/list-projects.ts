import type { AppRouter } from "@server/api/root-router";
import { createTRPCClient, httpBatchLink } from "@trpc/client";

/**
 * Example internal tool: signs in through the typed tRPC client and prints the projects the
 * account may see. Run: CONSOLE_URL=http://127.0.0.1:3000 CONSOLE_EMAIL=… CONSOLE_PASSWORD=… \
 *   bun server/tools/list-projects.ts   (or pass URL, email and password as arguments).
 */

/** A fetch that keeps the session cookie between calls, as a browser would. */
export function cookieFetch(baseFetch: typeof fetch = fetch) {
  const jar = new Map<string, string>();
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    if (jar.size > 0) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await baseFetch(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!name) continue;
      // An emptied cookie (sign-out) is dropped, like a browser drops an expired one.
      if (value === "" || /max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
}

export function consoleClient(url: string, baseFetch?: typeof fetch) {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: new URL("/api/trpc", url).toString(), fetch: cookieFetch(baseFetch) })],
  });
}

export async function listProjects(opts: { url: string; email: string; password: string }) {
  const client = consoleClient(opts.url);
  await client.auth.login.mutate({ email: opts.email, password: opts.password });
  return client.projects.list.query();
}

export async function main(
  argv = process.argv.slice(2),
  env: Record<string, string | undefined> = process.env,
  print: (line: string) => void = console.log,
): Promise<number> {
  const [url = env.CONSOLE_URL, email = env.CONSOLE_EMAIL, password = env.CONSOLE_PASSWORD] = argv;
  if (!url || !email || !password) {
    print("usage: list-projects [URL EMAIL PASSWORD]  (or CONSOLE_URL, CONSOLE_EMAIL, CONSOLE_PASSWORD)");
    return 2;
  }
  try {
    const projects = await listProjects({ url, email, password });
    for (const p of projects) {
      print(
        `${p.id}\t${p.name}\t${p.org_name}\tmedia ${p.media_count}\tdestinations ${p.destinations_count}`,
      );
    }
    print(`${projects.length} project${projects.length === 1 ? "" : "s"}`);
    return 0;
  } catch (err) {
    print(`error: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

if (import.meta.main) process.exit(await main());
