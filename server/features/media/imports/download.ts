import { tooLarge } from "@server/features/media/receive";
import type { TempFile } from "@server/features/media/temp-file";
import { AppError, badRequest } from "@server/platform/errors";
import { checkUrl, httpPolicy, pinnedRequest, type Resolver } from "@server/platform/net/outbound-target";
import { MEDIA_IMPORTS } from "@shared/messages/media-imports";
import { fileNameOf, isGoogleDownloadHost } from "./link-forms";

/** Redirects followed before the link is given up on; each one's target is checked again. */
export const MAX_REDIRECTS = 5;

export interface DownloadOptions {
  allowPrivate: boolean;
  resolve: Resolver;
  maxBytes: number;
  /** The download stops when no byte (and, before that, no answer) came for this long. */
  stallMs: number;
  /** Aborting it (a cancel) stops the download at once. */
  signal: AbortSignal;
  /** Told the file's name and declared size once the answer's headers are in, before any byte is written. */
  onHeaders: (info: { name: string; total: number | null }) => Promise<void>;
  /** Told the bytes received so far, after each chunk is written. */
  onBytes: (bytes: number) => void;
}

/** An answer the link gave that ends the import: a plain message, as a 4xx-like failure of the import. */
const failed = (message: string) => new AppError("BAD_GATEWAY", message);

/**
 * Downloads `start` into `file`. Every hop is resolved and checked against the outbound policy, and
 * the request is pinned to the address checked (the name only in `Host` and for TLS), so a name that
 * answers differently between check and connect never moves the connection. Redirects are followed
 * by hand, at most MAX_REDIRECTS, each target checked like the first. The declared size and the bytes
 * as they arrive are held to the upload limit; `file` checks free space as it grows. A stalled server
 * and a cancel abort the request; the caller removes the file.
 */
export async function downloadInto(start: URL, file: TempFile, o: DownloadOptions): Promise<number> {
  const stall = new StallWatch(o.stallMs);
  try {
    const signal = AbortSignal.any([o.signal, stall.signal]);
    const { res, url } = await openFollowingRedirects(start, o, signal, stall);
    const total = declaredLength(res.headers.get("content-length"));
    if (total !== null && total > o.maxBytes) {
      await res.body?.cancel().catch(() => {});
      throw tooLarge(o.maxBytes);
    }
    await o.onHeaders({ name: fileNameOf(url, res.headers.get("content-disposition")), total });
    const reader = res.body!.getReader();
    try {
      for (;;) {
        stall.reset();
        const next = await reader.read();
        if (next.done) break;
        if (file.size + next.value.length > o.maxBytes) throw tooLarge(o.maxBytes);
        await file.write(next.value);
        o.onBytes(file.size);
      }
    } finally {
      reader.cancel().catch(() => {});
    }
    return file.size;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (o.signal.aborted) throw badRequest(MEDIA_IMPORTS.cancelled);
    if (stall.fired) throw failed(MEDIA_IMPORTS.stalled);
    throw err;
  } finally {
    stall.stop();
  }
}

/** The first answer that is not a redirect, its body unread; a refusal or an error answer throws. */
async function openFollowingRedirects(
  start: URL,
  o: DownloadOptions,
  signal: AbortSignal,
  stall: StallWatch,
): Promise<{ res: Response; url: URL }> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const res = await openPinned(url, o, signal);
    stall.reset();
    const location = res.status >= 300 && res.status < 400 ? res.headers.get("location") : null;
    if (location === null) {
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        throw failed(MEDIA_IMPORTS.httpStatus(res.status));
      }
      if (isWebPage(res.headers.get("content-type"))) {
        await res.body?.cancel().catch(() => {});
        throw failed(isGoogleDownloadHost(url) ? MEDIA_IMPORTS.driveConfirm : MEDIA_IMPORTS.webPage);
      }
      // The pinned request's own url names the address; the name the user's link led to is `url`.
      return { res, url };
    }
    await res.body?.cancel().catch(() => {});
    if (hop >= MAX_REDIRECTS) throw failed(MEDIA_IMPORTS.tooManyRedirects);
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw failed(MEDIA_IMPORTS.badRedirect);
    }
    if (next.protocol !== "http:" && next.protocol !== "https:") throw failed(MEDIA_IMPORTS.badRedirect);
    url = next;
  }
}

/** One request to `url`, after its host is resolved and checked, connected to the checked address. */
async function openPinned(url: URL, o: DownloadOptions, signal: AbortSignal): Promise<Response> {
  const target = await checkUrl(url, httpPolicy(o.allowPrivate), o.resolve);
  if (!target.ok) {
    throw target.reason === "refused"
      ? badRequest(MEDIA_IMPORTS.targetRefused)
      : failed(MEDIA_IMPORTS.unresolved);
  }
  const pinned = pinnedRequest(url, target.addresses[0]!);
  try {
    return await fetch(pinned.url, {
      headers: {
        Host: pinned.host,
        "User-Agent": "StreamConsole-Import",
        Accept: "*/*",
        // The size limit counts the bytes as sent: no compressed body that grows on arrival.
        "Accept-Encoding": "identity",
      },
      redirect: "manual",
      // A pooled connection was opened for another name's certificate check: never reused.
      keepalive: false,
      ...(pinned.serverName ? { tls: { serverName: pinned.serverName } } : {}),
      signal,
    });
  } catch (err) {
    if (signal.aborted) throw err;
    // The error text of a failed fetch may quote the address: only its kind is kept.
    throw failed(MEDIA_IMPORTS.unreachable);
  }
}

function isWebPage(contentType: string | null): boolean {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return type === "text/html" || type === "application/xhtml+xml";
}

function declaredLength(raw: string | null): number | null {
  return raw && /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

/** Aborts when `reset` has not been called for `ms`: a server that stopped answering or sending. */
class StallWatch {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | null = null;
  fired = false;

  constructor(private readonly ms: number) {
    this.reset();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  reset(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.fired = true;
      this.controller.abort();
    }, this.ms);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}
