import { TRPCError } from "@trpc/server";

/**
 * The caller, with `path` (e.g. "projects.list") failing as a server error (or the `code` given)
 * until `heal()` is called: the retry then gets the real answer. `brokenAtFirst: false` answers
 * until `breakNow()`.
 */
export function failing(
  caller: Record<string, unknown>,
  path: string,
  { code = "INTERNAL_SERVER_ERROR" as TRPCError["code"], brokenAtFirst = true } = {},
) {
  const [domain, name] = path.split(".") as [string, string];
  let broken = brokenAtFirst;
  const wrapped = new Proxy(caller, {
    get(target, d: string) {
      const inner = target[d] as Record<string, unknown>;
      if (d !== domain) return inner;
      return new Proxy(inner, {
        get: (t, n: string) =>
          n === name && broken ? () => Promise.reject(new TRPCError({ code, message: "boom" })) : t[n],
      });
    },
  });
  return { caller: wrapped, heal: () => (broken = false), breakNow: () => (broken = true) };
}
