import { closeSync, openSync, readSync, statSync } from "node:fs";
import { badRequest } from "@server/platform/errors";
import { STREAMING } from "@shared/messages/streaming";

// A destination's own CA file, for a private rtmps:// ingest. ffmpeg reads it at every connect; it is
// checked when saved so a typo is answered at once rather than as an unverified ingest later.

/** Enough of the file to find a PEM certificate near its start; CA bundles run to a few hundred KB. */
const HEAD_BYTES = 64 * 1024;
const PEM_CERTIFICATE = "-----BEGIN CERTIFICATE-----";

function head(path: string): string {
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const read = readSync(fd, buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, read).toString("latin1");
  } finally {
    closeSync(fd);
  }
}

/**
 * Refuses (400) a CA file that is not a readable regular file holding a PEM certificate, or one given
 * for an address that is not rtmps://. A link to a regular file is followed, as the system's own
 * certificate folders are made of them.
 */
export function requireCaFile(caFile: string | null, rtmpUrl: string): void {
  if (caFile === null) return;
  if (!/^rtmps:\/\//i.test(rtmpUrl)) throw badRequest(STREAMING.caFileNeedsRtmps);
  let isFile = false;
  try {
    isFile = statSync(caFile).isFile();
  } catch {
    isFile = false;
  }
  if (!isFile) throw badRequest(STREAMING.caFileMissing);
  let text = "";
  try {
    text = head(caFile);
  } catch {
    throw badRequest(STREAMING.caFileMissing);
  }
  if (!text.includes(PEM_CERTIFICATE)) throw badRequest(STREAMING.caFileNotCertificate);
}
