import type { FakeWishlistApp } from "./wishlists";

// Known wishlist days for the tests: every expectation is worked out by hand from these.
// "Today" in the tests is 2026-11-20 (GMT); Steam has no summary for it yet.

export const WISHLIST_APP = 2456740;
/** A partner app whose game nobody has wishlisted: Steam answers no summary and no first date. */
export const UNWISHED_APP = 2210330;

export function knownWishlists(): Record<number, FakeWishlistApp> {
  return {
    [WISHLIST_APP]: {
      appMinDate: "2026-11-14",
      days: {
        "2026-11-14": { adds: 10, deletes: 1, purchases: 0, gifts: 0 },
        "2026-11-15": { adds: 20, deletes: 2, purchases: 3, gifts: 1, windows: 16, mac: 3, linux: 1 },
        "2026-11-17": { adds: 5, deletes: 0, purchases: 2, gifts: 0 },
        "2026-11-18": {
          adds: 8,
          deletes: 1,
          purchases: 1,
          gifts: 0,
          windows: 7,
          mac: 1,
          linux: 0,
          countries: {
            US: { adds: 5, deletes: 1, purchases: 1, gifts: 0 },
            DE: { adds: 3, deletes: 0, purchases: 0, gifts: 0 },
          },
        },
        "2026-11-19": {
          adds: 12,
          deletes: 3,
          purchases: 2,
          gifts: 1,
          windows: 10,
          mac: 1,
          linux: 1,
          countries: {
            US: { adds: 4, deletes: 0, purchases: 2, gifts: 1 },
            BR: { adds: 8, deletes: 3, purchases: 0, gifts: 0 },
          },
        },
      },
    },
    [UNWISHED_APP]: { appMinDate: null },
  };
}
