// A Steam store page's address names its game: https://store.steampowered.com/app/123456/Name/.
// A project created with such an address takes its App ID from it, so analytics need no second entry.

const STORE_APP = /^https?:\/\/store\.steampowered\.com\/app\/(\d{1,10})(?:[/?#]|$)/i;

/** The App ID in a Steam store page address, or null for any other address. */
export function appIdFromStoreUrl(url: string | null | undefined): number | null {
  const match = STORE_APP.exec((url ?? "").trim());
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
