import { apiArea } from "@server/platform/openapi/registry";
import { mediaItem } from "@shared/schemas/answers-streaming";

const uploadForm = {
  type: "object",
  properties: {
    projectId: { type: "string", pattern: "^\\d{1,15}$", description: "The project's id." },
    media: {
      type: "string",
      contentMediaType: "application/octet-stream",
      description: "One video or image file.",
    },
  },
  required: ["projectId", "media"],
};

export const mediaArea = apiArea("Media", "Video and image files, checked with ffprobe on upload.", [
  {
    method: "get",
    path: "/media/config",
    summary: "Upload limits and accepted extensions",
    answer: { description: "`maxFileSize`, its text and the accepted extensions." },
  },
  {
    method: "post",
    path: "/media/upload",
    summary: "Upload one file (multipart, streamed to disk)",
    formBody: { contentType: "multipart/form-data", schema: uploadForm },
    answer: { status: 201, description: "The stored file with its probed metadata.", schema: mediaItem },
    errors: [403, 404, 413, 415, 507],
  },
  {
    method: "get",
    path: "/media/stream/:mediaId",
    summary: "The file itself; answers Range requests with 206",
    answer: { description: "The file's bytes.", contentType: "application/octet-stream" },
    errors: [416],
  },
  {
    method: "get",
    path: "/media/poster/:mediaId",
    summary: "A video's poster frame",
    answer: { description: "A JPEG image.", contentType: "image/jpeg" },
  },
  {
    method: "get",
    path: "/media/:id",
    ids: { id: "The project's id." },
    summary: "A project's media files",
    answer: { description: "Media files, newest first.", schema: mediaItem.array() },
  },
  {
    method: "delete",
    path: "/media/:id",
    ids: { id: "The media file's id." },
    summary: "Delete a media file (refused while it streams or a playlist holds it)",
    answer: { description: "`{ success: true }`." },
    errors: [403, 409],
  },
]);
