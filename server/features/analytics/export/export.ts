import type { AppDeps } from "@server/deps";
import { requireProject } from "@server/features/projects";
import { badRequest } from "@server/platform/errors";
import { EXPORT } from "@shared/messages/analytics-export";
import type { ExportFormat, ExportLink, ExportRequest } from "@shared/schemas/analytics-export";
import type { SessionUser } from "@shared/types";
import { EXPORT_KIND_DEFS } from "./kinds";
import { exportStream } from "./stream";

// The analytics export: every check happens before the first byte, so a refusal is still a plain
// JSON error; after that the file is produced row by row as the client reads it.

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  json: "application/json; charset=utf-8",
};

/** A file name that is safe in a header and on every file system: lowercase ASCII, digits, dashes. */
export function safeFileStem(name: string): string {
  const stem = name
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return stem || "project";
}

async function prepare(deps: AppDeps, user: SessionUser, input: ExportRequest) {
  // Anyone who can see the project can export it: it is the same data the tab already shows them.
  const project = await requireProject(deps, user, input.projectId);
  if (!project.steamAppId) throw badRequest(EXPORT.noAppId);
  const def = EXPORT_KIND_DEFS[input.kind];
  if (def.needsFinancial && !project.financialAnalyticsEnabled) throw badRequest(EXPORT.financialOff);
  const filename = `${safeFileStem(project.name)}-${input.kind}-${input.from}-${input.to}.${input.format}`;
  return { appId: project.steamAppId, def, rows: def.rows, filename };
}

/** Checks the request and answers where to download it (the tRPC link procedure). */
export async function exportLink(
  deps: AppDeps,
  user: SessionUser,
  input: ExportRequest,
): Promise<ExportLink> {
  const { filename } = await prepare(deps, user, input);
  const q = new URLSearchParams({ kind: input.kind, from: input.from, to: input.to, format: input.format });
  return {
    url: `/api/analytics/export/${input.projectId}?${q}`,
    filename,
    contentType: CONTENT_TYPES[input.format],
  };
}

/** Checks the request, then answers the file as a stream the client pulls. */
export async function exportFile(deps: AppDeps, user: SessionUser, input: ExportRequest) {
  const { appId, def, rows, filename } = await prepare(deps, user, input);
  const body = exportStream(def.columns, rows(deps, { appId, from: input.from, to: input.to }), input.format);
  return { filename, contentType: CONTENT_TYPES[input.format], body };
}
