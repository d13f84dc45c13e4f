import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./env";

// Security headers on every answer, from Hono's own middleware: pages, JSON, files and errors alike.

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;
type ContentSecurityPolicyOptions = NonNullable<SecureHeadersOptions["contentSecurityPolicy"]>;

/** Besides the policy itself: no framing by anyone, no type sniffing, no address leaking to other sites. */
const COMMON_HEADERS: SecureHeadersOptions = {
  xFrameOptions: "DENY",
  // "same-origin", not Hono's "no-referrer": under "no-referrer" a browser sends `Origin: null` on the
  // console's own POSTs, which the same-origin check would refuse. Other sites still get nothing.
  referrerPolicy: "same-origin",
  // TLS is the reverse proxy's business, and the console often lives on a studio's LAN over plain
  // HTTP; an includeSubDomains pin sent from here could lock other hosts of the domain to HTTPS.
  strictTransportSecurity: false,
};

/**
 * The console's built client: scripts only from the console itself (the build emits no inline
 * script). Styles allow inline: Chakra's Emotion writes <style> tags at run time and index.html
 * carries a style attribute; a style cannot run script, so this opens no way for one.
 */
export const CONSOLE_POLICY: ContentSecurityPolicyOptions = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Steam's store search answers with capsule images on Steam's CDN; an image runs no script.
  imgSrc: ["'self'", "data:", "https://*.steamstatic.com"],
  mediaSrc: ["'self'"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Every answer gets these; a path that sets its own policy (the API reference page) keeps it. */
export const securityHeaders: MiddlewareHandler<AppEnv> = secureHeaders({
  ...COMMON_HEADERS,
  contentSecurityPolicy: CONSOLE_POLICY,
  overwrite: false,
});

/** A page's own policy, for a route that needs more than the console's (set before the above runs). */
export const pagePolicy = (policy: ContentSecurityPolicyOptions): MiddlewareHandler<AppEnv> =>
  secureHeaders({ ...COMMON_HEADERS, contentSecurityPolicy: policy });
