import { describe, expect, test } from "bun:test";
import { type AddressClass, classifyAddress } from "@server/platform/net/address-class";
import { checkUrl, httpPolicy, pinnedRequest } from "@server/platform/net/outbound-target";
import { testResolver } from "../../support/resolver";

// The classification under the webhook and ingest checks, including the IPv6 forms that carry an
// IPv4 address inside and would otherwise walk past an IPv4-only rule.

describe("outbound target classification", () => {
  test("addresses and their disguises", () => {
    const cases: [string, AddressClass][] = [
      ["8.8.8.8", "public"],
      ["2606:4700::1111", "public"],
      ["127.0.0.1", "loopback"],
      ["::7f00:1", "loopback"],
      ["2002:7f00:1::1", "loopback"],
      ["64:ff9b::a9fe:a9fe", "metadata"],
      ["::ffff:a9fe:a9fe", "metadata"],
      ["fd00:ec2::254", "metadata"],
      ["100.100.100.200", "metadata"],
      ["100.64.0.1", "cgnat"],
      ["172.31.255.255", "private"],
      ["172.32.0.1", "public"],
      ["fe80::1%eth0", "link-local"],
      ["::", "unspecified"],
      ["0.1.2.3", "unspecified"],
      ["ff02::1", "multicast"],
      ["255.255.255.255", "broadcast"],
    ];
    for (const [address, kind] of cases)
      expect({ address, kind: classifyAddress(address) }).toEqual({ address, kind });
    expect(classifyAddress("example.com")).toBeNull();
  });

  test("every resolved address must pass; an unknown name is unresolved, not allowed", async () => {
    const resolve = testResolver(new Map([["split.example", ["203.0.113.9", "10.0.0.1"]]]));
    expect(await checkUrl("https://split.example/x", httpPolicy(false), resolve)).toMatchObject({
      ok: false,
      reason: "refused",
      kind: "private",
    });
    expect(await checkUrl("https://nowhere.example/x", httpPolicy(false), resolve)).toEqual({
      ok: false,
      reason: "unresolved",
    });
  });

  test("a pinned https request keeps the name for Host and the certificate check", () => {
    expect(pinnedRequest(new URL("https://hooks.example.com:8443/a?b=1"), "203.0.113.9")).toEqual({
      url: "https://203.0.113.9:8443/a?b=1",
      host: "hooks.example.com:8443",
      serverName: "hooks.example.com",
    });
    expect(pinnedRequest(new URL("http://hooks.example.com/a"), "2001:db8::1")).toEqual({
      url: "http://[2001:db8::1]/a",
      host: "hooks.example.com",
    });
  });
});
