// The games the fake Steam knows: fictional titles with Steam-looking app ids. Shared by tests, the
// demo's fake server and the browser test, so every one of them sees the same world.

export interface FakeGame {
  appId: number;
  name: string;
  /** Typical concurrent players at the daily peak. */
  basePlayers: number;
  /** Achievement global unlock percents; `null` means the app has no achievements at all. */
  achievements: (number | string)[] | null;
  /** Package id and list price (USD string, as Steam sends it). */
  packageId: number;
  price: string;
}

export const PARTNER_ID = 48213;

export const GAMES: FakeGame[] = [
  {
    appId: 2456740,
    name: "Starfall Outpost",
    basePlayers: 1840,
    // Steam sends percent as a number for most apps and as a string for some: keep both here.
    achievements: [92.4, 71.3, "55.8", 38.1, "24.6", 12.9, 6.2, "3.4", 1.7, 0.6],
    packageId: 801231,
    price: "19.9900",
  },
  {
    appId: 1987650,
    name: "Hollow Lantern",
    basePlayers: 620,
    achievements: [88.2, 61.5, 33.3, 9.9],
    packageId: 699012,
    price: "14.9900",
  },
  {
    appId: 2210330,
    name: "Tiny Harbor Tycoon",
    basePlayers: 310,
    achievements: ["64.0", "40.5", "12.25"],
    packageId: 744520,
    price: "9.9900",
  },
  {
    appId: 2671090,
    name: "Moss & Mortar",
    basePlayers: 95,
    achievements: null,
    packageId: 842270,
    price: "4.9900",
  },
  {
    appId: 1765420,
    name: "Starfall Outpost: Prologue",
    basePlayers: 240,
    achievements: [75.0, 20.0],
    packageId: 612300,
    price: "0.0000",
  },
];

/** Apps of the fake partner account (the financial API sees only these). */
export const PARTNER_APPS = [2456740, 1987650, 2210330];

export const gameById = (appId: number) => GAMES.find((g) => g.appId === appId);

export const DEMO_APP_ID = 2456740;
