import type { HttpMethod } from "@server/platform/openapi/registry";

// The calls that stay hand-written beside the declarations: what they take or answer is not one JSON
// value, so a declaration (input schema in, JSON out) cannot carry them. Their document entries
// stay hand-written too.

export interface HandWritten {
  method: HttpMethod;
  path: string;
  why: string;
}

export const HAND_WRITTEN: HandWritten[] = [
  { method: "post", path: "/media/upload", why: "A multipart body, streamed to disk as it arrives." },
  { method: "get", path: "/media/stream/:mediaId", why: "A file's bytes, with Range requests (206)." },
  { method: "get", path: "/media/poster/:mediaId", why: "A JPEG image." },
  {
    method: "get",
    path: "/analytics/export/:projectId",
    why: "A CSV or JSON file, streamed as it is written.",
  },
  { method: "get", path: "/openapi.json", why: "The document itself, built from the declarations." },
  { method: "get", path: "/docs", why: "An HTML page with its own security policy." },
  { method: "get", path: "/docs/scalar.js", why: "The reference page's script file." },
];
