import { call } from "@server/platform/api/call";
import { openApiRoutes, restRoutes, trpcRouter } from "@server/platform/api/derive";
import type { AppEnv } from "@server/platform/http/env";
import { apiArea } from "@server/platform/openapi/registry";
import { mediaDeleteInput, mediaItem, mediaListInput } from "@shared/schemas/media";
import {
  mediaBulkDeleted,
  mediaBulkDeleteInput,
  mediaStorageInput,
  projectStorage,
} from "@shared/schemas/media-library";
import type { Hono } from "hono";
import { deleteManyMedia } from "./bulk-delete";
import { mediaFileRoutes, mediaFilesRest } from "./files-rest";
import { mediaImportCalls } from "./imports/import-calls";
import * as media from "./media";
import { projectStorageUsed } from "./project-storage";
import { uploadRoutes } from "./uploads/uploads-doc";
import { uploadsRest } from "./uploads/uploads-rest";

// The media calls that answer JSON, each declared once; uploads and file bytes are hand-written
// beside them (`./files-rest`). `/media/{id}` is one path to a client, so both its methods name the
// parameter `id`: a project's on GET, a file's on DELETE, each refused under its own name.
export const mediaCalls = {
  config: call({
    auth: "user",
    rest: { method: "get", path: "/media/config" },
    doc: {
      summary: "Upload limits and accepted extensions",
      answer: { description: "`maxFileSize`, its text and the accepted extensions." },
    },
    handler: ({ deps }) => media.mediaConfig(deps),
  }),
  list: call({
    auth: "user",
    input: mediaListInput,
    rest: { method: "get", path: "/media/:id", params: { id: "projectId" }, idLabels: { id: "projectId" } },
    doc: {
      summary: "A project's media files",
      ids: { id: "The project's id." },
      answer: {
        description: "Media files whose name contains `q`, newest first unless `sort` says otherwise.",
        schema: mediaItem.array(),
      },
    },
    handler: ({ deps, user }, { projectId, ...view }) => media.listMedia(deps, user, projectId, view),
  }),
  delete: call({
    auth: "user",
    input: mediaDeleteInput,
    rest: { method: "delete", path: "/media/:id", params: { id: "id" }, idLabels: { id: "mediaId" } },
    doc: {
      summary: "Delete a media file (refused while it streams or a playlist holds it)",
      ids: { id: "The media file's id." },
      answer: { description: "`{ success: true }`." },
      errors: [403, 409],
    },
    handler: ({ deps, user }, input) => media.deleteMedia(deps, user, input.id),
  }),
  deleteMany: call({
    auth: "user",
    input: mediaBulkDeleteInput,
    rest: { method: "post", path: "/media/delete" },
    doc: {
      summary:
        "Delete several of a project's files at once: all of them, or none when one is still in use (409 names each such file and its use)",
      answer: { description: "How many were deleted.", schema: mediaBulkDeleted },
      errors: [403, 404, 409],
    },
    handler: ({ deps, user }, input) => deleteManyMedia(deps, user, input),
  }),
  storage: call({
    auth: "user",
    input: mediaStorageInput,
    rest: { method: "get", path: "/media/storage/:id", params: { id: "projectId" } },
    doc: {
      summary: "The disk a project's media takes: uploaded files and the copies converted for streaming",
      ids: { id: "The project's id." },
      answer: { description: "Files and bytes.", schema: projectStorage },
      errors: [404],
    },
    handler: ({ deps, user }, input) => projectStorageUsed(deps, user, input.projectId),
  }),
};

export const mediaRouter = trpcRouter({ ...mediaCalls, ...mediaImportCalls });

/** /media/config and /media/imports before /media/{id}, which would otherwise take them for an id. */
export function mediaRest(api: Hono<AppEnv>) {
  mediaFilesRest(api);
  uploadsRest(api);
  restRoutes(mediaImportCalls)(api);
  restRoutes(mediaCalls)(api);
}

const { config, ...byId } = mediaCalls;
export const mediaArea = apiArea("Media", "Video and image files, checked with ffprobe on upload.", [
  ...openApiRoutes({ config }),
  ...mediaFileRoutes,
  ...uploadRoutes,
  ...openApiRoutes(mediaImportCalls),
  ...openApiRoutes(byId),
]);
