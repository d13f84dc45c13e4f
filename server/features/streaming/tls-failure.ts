// ffmpeg's words (GnuTLS backend) for an rtmps:// ingest whose certificate did not verify: an unknown
// or self-signed issuer, an expired certificate, or one made out for another host. The connection
// ends during the TLS handshake, before any RTMP message, so the key never left.
const UNVERIFIED = /Peer certificate failed verification|The certificate's owner does not match hostname/;

/** True when ffmpeg's output says the ingest's TLS certificate could not be verified. */
export const tlsUnverified = (tail: string[]) => tail.some((line) => UNVERIFIED.test(line));
