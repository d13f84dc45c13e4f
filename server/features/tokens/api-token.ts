import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

// A personal access token is "sct_" and 256 random bits in base32 (52 characters). The marker makes
// a leaked token easy to recognise (secret scanners, logs); the database keeps only its SHA-256,
// which is enough for a value this random (no salt or slow hash needed, unlike a password).
export const API_TOKEN_MARKER = "sct_";
const RANDOM_BYTES = 32;
const BODY_LENGTH = 52;
/** Shown in lists: the marker and the first six characters, far too few to guess the rest. */
const PREFIX_LENGTH = API_TOKEN_MARKER.length + 6;

export function generateApiToken(): string {
  const bytes = new Uint8Array(RANDOM_BYTES);
  crypto.getRandomValues(bytes);
  return API_TOKEN_MARKER + encodeBase32LowerCaseNoPadding(bytes);
}

export const apiTokenHash = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

export const apiTokenPrefix = (token: string) => token.slice(0, PREFIX_LENGTH);

const SHAPE = new RegExp(`^${API_TOKEN_MARKER}[a-z2-7]{${BODY_LENGTH}}$`);

/** True when the text has the form of one of our tokens; anything else is refused before any lookup. */
export const looksLikeApiToken = (token: string) => SHAPE.test(token);
