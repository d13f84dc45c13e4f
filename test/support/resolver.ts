import type { Resolver } from "@server/platform/net/outbound-target";

/**
 * A resolver that never leaves the machine: "localhost" answers loopback, names set in `answers`
 * answer what they hold (a test "rebinds" a name by changing them), every other name is unknown.
 */
export function testResolver(answers: Map<string, string[]> = new Map()): Resolver {
  return async (hostname) => {
    const name = hostname.toLowerCase().replace(/\.$/, "");
    const found = answers.get(name) ?? (name === "localhost" ? ["127.0.0.1", "::1"] : undefined);
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return found;
  };
}
