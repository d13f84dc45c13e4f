// Steam's broadcast stream keys read `steam_<accountid>_<code>`: the account id is the low 32 bits
// of the broadcasting account's SteamID64 (individual account, public universe), so adding Steam's
// base gives the id its community endpoints take. BigInt: SteamID64s are beyond 2^53.

const INDIVIDUAL_BASE = 76561197960265728n;
const KEY = /^steam_(\d{1,10})_([A-Za-z0-9]+)$/;
const MAX_ACCOUNT_ID = 0xffffffffn;

/** The broadcaster's SteamID64 as a decimal string, or null when the key is not in Steam's form. */
export function steamIdFromKey(key: string): string | null {
  const match = KEY.exec(key.trim());
  if (!match) return null;
  const account = BigInt(match[1]!);
  if (account === 0n || account > MAX_ACCOUNT_ID) return null;
  return (INDIVIDUAL_BASE + account).toString();
}
