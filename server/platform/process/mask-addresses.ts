// The one rule for failure texts that leave ffmpeg: the ingest's address (which can hold the key or
// a private relay's name) and the server's file paths are replaced wherever the text is shown, sent
// or logged. ffmpeg names an ingest as a URL of any of its network protocols, and its lower layers
// as bare host:port pairs; a clock time ("12:30", "00:00:05.00") has no dotted name and is kept.
export const INGEST_MASK = "[ingest]";
export const FILE_MASK = "[file]";

const URL_FORM = /\b(?:rtmp[a-z]{0,2}|tcp|tls|udp|srt|rtsp):\/\/[^\s'"<>]*[^\s'"<>:,.;)\]]/gi;
const FILE_PATH = /(^|[\s'"(=])\/[^\s'"]*[^\s'":,.)]/g;
const RESOLVED_NAME = /\b(resolve hostname )[^\s:'"]+/gi;
const IPV6 = /\[[0-9a-f.]*:[0-9a-f:.]*(?:%[\w.-]+)?\](?::\d{1,5})?/gi;
const IPV4 = /\b(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?::\d{1,5})?\b/g;
const NAME_AND_PORT = /\b(?:localhost|(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*):\d{1,5}\b/gi;

/** Masks every ingest address (URLs and host:port forms) and every absolute file path in a text. */
export function maskAddresses(text: string): string {
  return text
    .replace(URL_FORM, INGEST_MASK)
    .replace(FILE_PATH, `$1${FILE_MASK}`)
    .replace(RESOLVED_NAME, `$1${INGEST_MASK}`)
    .replace(IPV6, INGEST_MASK)
    .replace(IPV4, INGEST_MASK)
    .replace(NAME_AND_PORT, INGEST_MASK);
}
