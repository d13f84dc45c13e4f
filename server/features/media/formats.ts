import type { MediaKind } from "@shared/schemas/media";

// The containers ffprobe may report that we accept, and the type we then serve them with. The
// browser's Content-Type and the file name are never trusted: only what ffprobe reads.
const VIDEO_FORMATS: Record<string, string> = {
  "mov,mp4,m4a,3gp,3g2,mj2": "video/mp4",
  avi: "video/x-msvideo",
  asf: "video/x-ms-wmv",
  flv: "video/x-flv",
  "matroska,webm": "video/webm",
  mpegts: "video/mp2t",
};

const IMAGE_FORMATS: Record<string, string> = {
  png_pipe: "image/png",
  apng: "image/apng",
  jpeg_pipe: "image/jpeg",
  gif: "image/gif",
  webp_pipe: "image/webp",
  bmp_pipe: "image/bmp",
  tiff_pipe: "image/tiff",
};

/** Codecs ffprobe reports for text "video" (ANSI art and friends): never real media. */
const TEXT_CODECS = new Set(["ansi", "text", "bintext", "xbin", "idf", "tty"]);

export function classify(
  formatName: string,
  majorBrand: string | undefined,
  videoCodec: string,
): { kind: MediaKind; mimeType: string } | null {
  if (TEXT_CODECS.has(videoCodec)) return null;
  const image = IMAGE_FORMATS[formatName];
  if (image) return { kind: "image", mimeType: image };
  const video = VIDEO_FORMATS[formatName];
  if (!video) return null;
  // QuickTime files share the mp4 demuxer; their brand tells them apart.
  if (video === "video/mp4" && majorBrand?.trim() === "qt")
    return { kind: "video", mimeType: "video/quicktime" };
  return { kind: "video", mimeType: video };
}

/** The poster / stored-file extension for a served type. */
export const EXTENSION_OF: Record<string, string> = {
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "video/x-msvideo": "avi",
  "video/x-ms-wmv": "wmv",
  "video/x-flv": "flv",
  "video/webm": "webm",
  "video/mp2t": "ts",
  "image/png": "png",
  "image/apng": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/bmp": "bmp",
  "image/tiff": "tiff",
};
