import { call } from "@server/platform/api/call";
import {
  mediaImport,
  mediaImportCancelInput,
  mediaImportListInput,
  mediaImportStartInput,
} from "@shared/schemas/media-imports";
import * as imports from "./media-imports";

// Importing a file from a link: start (the download runs on as a job), list a project's imports
// (running and recent, for a screen to poll and find again after a reload), cancel.
export const mediaImportCalls = {
  importLink: call({
    auth: "user",
    input: mediaImportStartInput,
    rest: { method: "post", path: "/media/import" },
    doc: {
      summary: "Import a file from a link (direct, Google Drive or Dropbox); the download runs on",
      answer: {
        status: 202,
        description: "The import, downloading: follow it with GET /media/imports.",
        schema: mediaImport,
      },
      errors: [403, 404, 507],
    },
    handler: ({ deps, user }, input) => imports.startImport(deps, user, input),
  }),
  imports: call({
    auth: "user",
    input: mediaImportListInput,
    rest: { method: "get", path: "/media/imports" },
    doc: {
      summary: "A project's imports: those running and those ended in the last day",
      answer: { description: "Imports, newest first.", schema: mediaImport.array() },
      errors: [404],
    },
    handler: ({ deps, user }, input) => imports.listImports(deps, user, input),
  }),
  cancelImport: call({
    auth: "user",
    input: mediaImportCancelInput,
    rest: {
      method: "delete",
      path: "/media/imports/:id",
      params: { id: "id" },
      idLabels: { id: "importId" },
    },
    doc: {
      summary: "Cancel a running import (its bytes are removed), or remove an ended one from the list",
      ids: { id: "The import's id." },
      answer: { description: "`{ success: true, message }`." },
      errors: [403, 409],
    },
    handler: ({ deps, user }, input) => imports.cancelImport(deps, user, input),
  }),
};
