// The stream key is a secret: anything taken from ffmpeg's output or built from the URL passes here
// before it is stored, logged or answered.

import { maskAddresses } from "@server/platform/process/mask-addresses";
import { STREAMING } from "@shared/messages/streaming";
import { tlsUnverified } from "./tls-failure";

export const MASK = "****";

/** Replaces the key (also URL-encoded) and any user:password in RTMP URLs with a mask. */
export function maskSecrets(text: string, streamKey: string): string {
  let out = text;
  if (streamKey) {
    for (const form of new Set([streamKey, encodeURIComponent(streamKey)])) out = out.split(form).join(MASK);
  }
  return out.replace(/(rtmps?:\/\/)[^/\s@]+@/gi, `$1${MASK}@`);
}

const ERROR_LINE =
  /error|fail|broken pipe|refused|reset|timed out|invalid|denied|no such|unable|cannot|could not/i;

/**
 * The failure message: the last lines of ffmpeg's stderr that report an error (at most 3), with the
 * key and addresses masked, bounded; the fallback (exit code or signal) when none does.
 */
export function failureMessage(tail: string[], streamKey: string, fallback: string): string {
  if (tlsUnverified(tail)) return STREAMING.tlsUnverified;
  const lines = tail.filter((l) => ERROR_LINE.test(l)).slice(-3);
  const text = lines.length ? lines.map((l) => l.trim()).join("\n") : fallback;
  return maskAddresses(maskSecrets(text, streamKey)).slice(0, 1000);
}
