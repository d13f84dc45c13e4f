import type { ApiHeader, ApiRoute } from "@server/platform/openapi/registry";
import { mediaItem as mediaItemSchema } from "@shared/schemas/media";
import { uploadState } from "@shared/schemas/uploads";

// The resumable uploads in the API document: hand-written beside their routes (./uploads-rest.ts),
// since tus's methods, headers and raw bodies are not one JSON value a call declaration describes.

export const TUS_VERSION = "1.0.0";

const uploadId = { id: { type: "string", pattern: "^[0-9a-f]{32}$" } };
const uploadIdText = { id: "The upload's id: the last part of the Location answered on creation." };
const tusResumable: ApiHeader = {
  name: "Tus-Resumable",
  required: true,
  description: "The tus protocol version: `1.0.0`.",
  schema: { type: "string", const: TUS_VERSION },
};
const offsetHeaders = {
  "Tus-Resumable": "`1.0.0`.",
  "Upload-Offset": "Bytes stored so far: the next piece starts here.",
};

/** The resumable uploads' document entries (tus 1.0.0: creation, offset, pieces, termination). */
export const uploadRoutes: ApiRoute[] = [
  {
    method: "post",
    path: "/uploads",
    summary: "Start a resumable upload (tus creation)",
    headers: [
      tusResumable,
      {
        name: "Upload-Length",
        required: true,
        description: "The file's size in bytes, checked against the upload limit and the free space.",
        schema: { type: "string", pattern: "^\\d{1,15}$" },
      },
      {
        name: "Upload-Metadata",
        required: true,
        description:
          "Comma-separated `key base64(value)` pairs: `projectId` (the project's id) and `filename`; `filetype` is optional. The type is read from the content once the last byte arrives.",
      },
    ],
    answer: {
      status: 201,
      description: "Started; send the file's bytes to the path in `Location` with PATCH.",
      contentType: "none",
      headers: { Location: "The upload's path, `/api/uploads/{id}`.", "Tus-Resumable": "`1.0.0`." },
    },
    errors: [403, 404, 412, 413, 507],
  },
  {
    method: "head",
    path: "/uploads/:id",
    ids: uploadIdText,
    idSchemas: uploadId,
    summary: "Where a resumable upload stands (tus offset)",
    headers: [tusResumable],
    answer: {
      description: "No body; the headers say how many bytes are stored.",
      contentType: "none",
      headers: { ...offsetHeaders, "Upload-Length": "The file's declared size." },
    },
    errors: [403],
  },
  {
    method: "get",
    path: "/uploads/:id",
    ids: uploadIdText,
    idSchemas: uploadId,
    summary: "A resumable upload's state, with the stored media file once done",
    answer: {
      description: "Bytes stored, the declared size, and the media file (or null).",
      schema: uploadState,
    },
    errors: [403],
  },
  {
    method: "patch",
    path: "/uploads/:id",
    ids: uploadIdText,
    idSchemas: uploadId,
    summary: "Send the next piece of a resumable upload (tus)",
    headers: [
      tusResumable,
      {
        name: "Upload-Offset",
        required: true,
        description: "Where this piece starts: the offset HEAD answered.",
        schema: { type: "string", pattern: "^\\d{1,15}$" },
      },
    ],
    formBody: {
      contentType: "application/offset+octet-stream",
      schema: { type: "string", contentMediaType: "application/octet-stream" },
    },
    answer: {
      status: 204,
      description: "The piece is stored; more are expected.",
      headers: offsetHeaders,
    },
    otherAnswers: [
      {
        description:
          "The last piece: the file passed the checks a multipart upload gets and is stored (refused: the bytes are removed and the refusal answered).",
        schema: mediaItemSchema,
        headers: offsetHeaders,
      },
    ],
    errors: [403, 409, 412, 413, 415, 507],
  },
  {
    method: "delete",
    path: "/uploads/:id",
    ids: uploadIdText,
    idSchemas: uploadId,
    summary: "End a resumable upload; its bytes are removed at once (tus termination)",
    headers: [tusResumable],
    answer: { status: 204, description: "Ended and removed." },
    errors: [403],
  },
];
