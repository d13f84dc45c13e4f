// Business constants: timings, limits and lengths shared by the server and the console.
export const SESSION_CHECK_MS = 5 * 60 * 1000;
export const REQUEST_TIMEOUT_MS = 10_000;
export const LOGIN_TIMEOUT_MS = 15_000;
/** The financial API test dialog asks Steam up to nine questions in a row before it answers. */
export const FINANCIAL_API_TEST_TIMEOUT_MS = 2 * 60 * 1000;
export const NOTICE_DURATION_MS = 5000;
export const SYSTEM_INFO_POLL_MS = 5000;
export const DASHBOARD_PROJECT_LIMIT = 6;
export const MEDIA_SWITCH_PAUSE_MS = 1000;
export const QUERY_STALE_MS = 5 * 60 * 1000;

export const PASSWORD_MIN = 6;
export const NAME_MIN = 2;
export const PROJECT_NAME_MAX = 100;
export const PROJECT_DESCRIPTION_MAX = 500;
export const USER_NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 256;

export const SESSION_DAYS = 30;
/**
 * Sign-in attempts before 429: per (address, account), and per address over all accounts (higher, so
 * an office behind one address is not shut out by one person's typos). Counted per window.
 */
export const LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT = 10;
export const LOGIN_ATTEMPT_LIMIT_PER_ADDRESS = 50;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** JSON bodies on the API; uploads have their own limit. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
/** Longer URLs answer 414, larger header blocks 431, before any routing. */
export const URL_MAX_BYTES = 8 * 1024;
export const HEADERS_MAX_BYTES = 16 * 1024;
/** Calls in one tRPC batch; the client batches a page's queries, well under this. */
export const TRPC_BATCH_MAX = 20;

/** Requests per second one API token may make on average, and how many at once (a token bucket). */
export const API_TOKEN_RATE_PER_SECOND = 20;
export const API_TOKEN_BURST = 60;
/** last_used_at of a token is written at most this often, not on every request. */
export const API_TOKEN_LAST_USED_EVERY_MS = 60_000;

/**
 * Uptime over less intended time than this is a trial, not a broadcast: the dashboard's lowest uptime
 * leaves it out, and a destination card shows the intended time beside the figure ("0 % of 40 s").
 */
export const UPTIME_MIN_INTENDED_SECONDS = 10 * 60;

/**
 * Each piece of a resumable upload (one tus PATCH): a dropped connection costs at most this much
 * again (about 8 s on a 1 MB/s home uplink), while a 1 GB trailer is still only 128 requests.
 */
export const RESUMABLE_CHUNK_BYTES = 8 * 1024 * 1024;
