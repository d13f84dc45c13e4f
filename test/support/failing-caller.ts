import { TRPCError } from "@trpc/server";

/**
 * The caller, with `path` (e.g. "projects.list") failing as a server error until `heal()` is
 * called: the retry then gets the real answer.
 */
export function failing(caller: Record<string, unknown>, path: string) {
  const [domain, name] = path.split(".") as [string, string];
  let broken = true;
  const wrapped = new Proxy(caller, {
    get(target, d: string) {
      const inner = target[d] as Record<string, unknown>;
      if (d !== domain) return inner;
      return new Proxy(inner, {
        get: (t, n: string) =>
          n === name && broken
            ? () => Promise.reject(new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "boom" }))
            : t[n],
      });
    },
  });
  return { caller: wrapped, heal: () => (broken = false) };
}
