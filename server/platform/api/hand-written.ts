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
  { method: "post", path: "/uploads", why: "The tus protocol: asked and answered in headers." },
  { method: "head", path: "/uploads/:id", why: "The tus protocol: answered in headers." },
  { method: "get", path: "/uploads/:id", why: "Beside the tus protocol's HEAD on the same path." },
  { method: "patch", path: "/uploads/:id", why: "The tus protocol: a piece of a file, raw bytes." },
  { method: "delete", path: "/uploads/:id", why: "The tus protocol's termination." },
  {
    method: "get",
    path: "/analytics/export/:projectId",
    why: "A CSV or JSON file, streamed as it is written.",
  },
  { method: "get", path: "/openapi.json", why: "The document itself, built from the declarations." },
  { method: "get", path: "/docs", why: "An HTML page with its own security policy." },
  { method: "get", path: "/docs/scalar.js", why: "The reference page's script file." },
];
