import { badRequest } from "@server/platform/errors";
import { MEDIA_IMPORTS } from "@shared/messages/media-imports";

// The links a studio pastes, turned into the address that answers with the file itself: a direct
// link stays as it is; a Google Drive or Dropbox share link (which answers with a web page showing
// the file) becomes that service's direct-download form.

/** A link that can be imported at all: an absolute http(s) URL. Anything else is refused (400). */
export function parseImportLink(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw badRequest(MEDIA_IMPORTS.notALink);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw badRequest(MEDIA_IMPORTS.onlyHttp);
  if (!url.hostname) throw badRequest(MEDIA_IMPORTS.notALink);
  return url;
}

const DRIVE_HOSTS = new Set(["drive.google.com"]);
const DROPBOX_HOSTS = new Set(["dropbox.com", "www.dropbox.com"]);
/** Drive's file ids: letters, digits, `-` and `_`. */
const DRIVE_ID = /^[A-Za-z0-9_-]{10,}$/;

const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/\.$/, "");

/** The Drive file a share link names: `/file/d/<id>/view…`, `/open?id=<id>` or `/uc?id=<id>`. */
function driveFileId(url: URL): string | null {
  const path = /^\/file\/d\/([^/]+)/.exec(url.pathname);
  const id = path ? path[1]! : ["/open", "/uc"].includes(url.pathname) ? url.searchParams.get("id") : null;
  return id && DRIVE_ID.test(id) ? id : null;
}

/** The address to download: Drive and Dropbox share links in their direct form, any other link as given. */
export function directDownloadUrl(url: URL): URL {
  const host = hostOf(url);
  if (DRIVE_HOSTS.has(host)) {
    const id = driveFileId(url);
    if (!id) return url;
    const direct = new URL("https://drive.google.com/uc");
    direct.searchParams.set("export", "download");
    direct.searchParams.set("id", id);
    return direct;
  }
  // `/s/…` (older links) and `/scl/fi/…` (newer, with an `rlkey` that must stay): `dl=1` asks for the file.
  if (DROPBOX_HOSTS.has(host) && /^\/(s|scl\/fi)\//.test(url.pathname)) {
    const direct = new URL(url.href);
    direct.protocol = "https:";
    direct.searchParams.delete("raw");
    direct.searchParams.set("dl", "1");
    return direct;
  }
  return url;
}

/** Google's own hosts, whose web page in place of a file is Drive's "confirm this large download" page. */
export function isGoogleDownloadHost(url: URL): boolean {
  const host = hostOf(url);
  return host === "drive.google.com" || host.endsWith(".googleusercontent.com") || host === "docs.google.com";
}

/**
 * The file's name: from the answer's Content-Disposition (`filename*` first), else the last part of
 * the address it came from, else "import". Only data: it is cleaned again before it is stored.
 */
export function fileNameOf(url: URL, disposition: string | null): string {
  if (disposition) {
    const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
    if (extended) {
      try {
        return decodeURIComponent(extended[1]!.trim());
      } catch {}
    }
    const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(disposition);
    const name = (plain?.[1] ?? plain?.[2])?.trim();
    if (name) return name;
  }
  const last = url.pathname.split("/").filter(Boolean).pop();
  if (last) {
    try {
      return decodeURIComponent(last);
    } catch {
      return last;
    }
  }
  return "import";
}
