import { BlockList, isIP } from "node:net";

// What kind of network an IP address belongs to, for deciding where the server may send requests.
// The ranges live in node's BlockList (built in, and it matches IPv4-mapped IPv6 against IPv4
// rules); the only hand-written part unwraps the IPv6 forms that carry an IPv4 address inside.

export type AddressClass =
  | "public"
  | "loopback"
  | "private"
  | "cgnat"
  | "link-local"
  | "unspecified"
  | "multicast"
  | "broadcast"
  | "metadata";

type Range = [address: string, prefix: number, family: "ipv4" | "ipv6"];

// Checked in this order: the metadata addresses sit inside the link-local, ULA and CGNAT ranges and
// must win over them.
const RANGES: [AddressClass, Range[]][] = [
  [
    "metadata",
    [
      ["169.254.169.254", 32, "ipv4"], // AWS, GCP, Azure, OpenStack, Oracle
      ["169.254.170.2", 32, "ipv4"], // AWS container credentials
      ["100.100.100.200", 32, "ipv4"], // Alibaba Cloud
      ["fd00:ec2::254", 128, "ipv6"], // AWS over IPv6
    ],
  ],
  ["broadcast", [["255.255.255.255", 32, "ipv4"]]],
  [
    "unspecified",
    [
      ["0.0.0.0", 8, "ipv4"], // "this network": 0.0.0.0 reaches the machine itself on Linux
      ["::", 128, "ipv6"],
    ],
  ],
  [
    "loopback",
    [
      ["127.0.0.0", 8, "ipv4"],
      ["::1", 128, "ipv6"],
    ],
  ],
  [
    "private",
    [
      ["10.0.0.0", 8, "ipv4"],
      ["172.16.0.0", 12, "ipv4"],
      ["192.168.0.0", 16, "ipv4"],
      ["fc00::", 7, "ipv6"], // unique local addresses
    ],
  ],
  ["cgnat", [["100.64.0.0", 10, "ipv4"]]],
  [
    "link-local",
    [
      ["169.254.0.0", 16, "ipv4"],
      ["fe80::", 10, "ipv6"],
    ],
  ],
  [
    "multicast",
    [
      ["224.0.0.0", 4, "ipv4"],
      ["ff00::", 8, "ipv6"],
    ],
  ],
];

const LISTS = RANGES.map(([kind, ranges]) => {
  const list = new BlockList();
  for (const [address, prefix, family] of ranges) list.addSubnet(address, prefix, family);
  return [kind, list] as const;
});

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part is allowed). */
function ipv6Groups(ip: string): number[] {
  let text = ip;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const part = (s: string) => (s ? s.split(":").map((g) => Number.parseInt(g, 16)) : []);
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...new Array(8 - front.length - back.length).fill(0), ...back];
}

const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * The IPv4 address an IPv6 address stands for, when it carries one that a host or gateway may
 * route to: mapped (::ffff:a.b.c.d), the old compatible form (::a.b.c.d), NAT64 (64:ff9b::/96)
 * and 6to4 (2002:AABB:CCDD::/48).
 */
function embeddedIpv4(ip: string): string | null {
  const g = ipv6Groups(ip);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (g[5] === 0xffff || (g[5] === 0 && (g[6] !== 0 || g[7]! > 1)))) return v4(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4(g[6]!, g[7]!);
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!);
  return null;
}

/** The class of an IP address (IPv6 may carry a zone, `%eth0`); null when it is not an IP address. */
export function classifyAddress(address: string): AddressClass | null {
  const ip = address.replace(/%.*$/, "");
  const family = isIP(ip);
  if (family === 0) return null;
  if (family === 6) {
    const inner = embeddedIpv4(ip);
    if (inner) return classifyAddress(inner);
  }
  const type = family === 4 ? "ipv4" : "ipv6";
  for (const [kind, list] of LISTS) if (list.check(ip, type)) return kind;
  return "public";
}

/** Names that always lead to a cloud's metadata service, whatever they resolve to here. */
const METADATA_NAMES = new Set(["metadata.google.internal", "metadata.goog", "metadata", "instance-data"]);

export function isMetadataName(hostname: string): boolean {
  return METADATA_NAMES.has(hostname.toLowerCase().replace(/\.$/, ""));
}
