// Client-only timing; the product's constants live in shared/schemas/analytics.ts.

/** Requires-partner-access notices carry suggestions: give them time to be read. */
export const PARTNER_NOTICE_MS = 12_000;
