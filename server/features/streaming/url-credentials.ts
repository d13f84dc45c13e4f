import { MASK } from "./secrets";

// What an answer may show of a destination's URL. A `user:password@` is a credential of the ingest,
// so no role reads it back, as no log does. Ingests such as YouTube's take the key as the path after
// the application (`rtmp://host/live2/KEY`), so a role that may not see stream keys reads the URL
// only up to its application, the first path segment: any further segment and any query read ****.
// A key written as the only path segment cannot be told from an application and is shown.

interface UrlParts {
  scheme: string;
  userinfo: string | null;
  host: string;
  path: string;
  rest: string;
}

/** Splits the URL as written (no re-encoding), so an answer shows it exactly as entered. */
function partsOf(url: string): UrlParts | null {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)(.*)$/i.exec(url);
  if (!m) return null;
  const [, scheme = "", authority = "", path = "", rest = ""] = m;
  const at = authority.lastIndexOf("@");
  return {
    scheme,
    userinfo: at >= 0 ? authority.slice(0, at) : null,
    host: at >= 0 ? authority.slice(at + 1) : authority,
    path,
    rest,
  };
}

/** The URL as an answer shows it: credentials always masked; beyond the application, unless keys are seen. */
export function urlForAnswer(url: string, seesKeys: boolean): string {
  const p = partsOf(url);
  if (!p) return url;
  const userinfo = p.userinfo === null ? "" : `${MASK}@`;
  if (seesKeys) return `${p.scheme}${userinfo}${p.host}${p.path}${p.rest}`;
  const [, app = "", ...beyond] = p.path.split("/");
  const path = p.path === "" ? "" : `/${app}${beyond.length ? `/${MASK}` : ""}`;
  return `${p.scheme}${userinfo}${p.host}${path}${p.rest ? `?${MASK}` : ""}`;
}

/** Whether the URL carries the answer's mask in place of its credentials (`rtmp://****@host/app`). */
export const hasMaskedCredentials = (url: string) => partsOf(url)?.userinfo === MASK;

/**
 * An edited URL sent back with its credentials still masked keeps the stored ones, but only for the
 * same server: moved to another host, they would be handed to whoever runs it. Null: not the same
 * server, or nothing stored to keep.
 */
export function keepStoredCredentials(edited: string, stored: string): string | null {
  const e = partsOf(edited);
  const s = partsOf(stored);
  if (!e || !s || s.userinfo === null) return null;
  if (e.scheme.toLowerCase() !== s.scheme.toLowerCase() || e.host.toLowerCase() !== s.host.toLowerCase())
    return null;
  return `${e.scheme}${s.userinfo}@${e.host}${e.path}${e.rest}`;
}
