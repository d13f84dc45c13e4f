import { EXPORT } from "@shared/messages/analytics-export";
import { z } from "zod";
import { idSchema } from "./ids";

// Inputs of the analytics export. One query schema for the REST download and the tRPC link
// procedure, so both refuse exactly the same things.

export const EXPORT_KINDS = ["sales", "players", "wishlists", "reviews"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_FORMATS = ["csv", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** Three years, a leap day included. */
export const MAX_EXPORT_DAYS = 3 * 365 + 1;
export const DEFAULT_EXPORT_DAYS = 30;

const DAY_MS = 86_400_000;

/** A real calendar date YYYY-MM-DD (2026-02-30 is refused, not rolled over). */
const isoDate = (name: string) =>
  z
    .string(EXPORT.dateInvalid(name))
    .regex(/^\d{4}-\d{2}-\d{2}$/, EXPORT.dateInvalid(name))
    .refine((s) => {
      const t = Date.parse(`${s}T00:00:00Z`);
      return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s;
    }, EXPORT.dateInvalid(name));

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

const exportFields = {
  kind: z.enum(EXPORT_KINDS, EXPORT.kindInvalid),
  from: isoDate("start"),
  to: isoDate("end"),
  format: z.enum(EXPORT_FORMATS, EXPORT.formatInvalid).default("csv"),
};

function checkRange(v: { from: string; to: string }, ctx: z.RefinementCtx) {
  const n = daysBetween(v.from, v.to);
  if (Number.isNaN(n)) return;
  if (n < 1) ctx.addIssue({ code: "custom", message: EXPORT.fromAfterTo, path: ["from"] });
  else if (n > MAX_EXPORT_DAYS)
    ctx.addIssue({ code: "custom", message: EXPORT.rangeTooLong(MAX_EXPORT_DAYS), path: ["to"] });
}

/** GET /analytics/export/{projectId}?kind=&from=&to=&format= */
export const exportQuery = z.object(exportFields).superRefine(checkRange);
/** The tRPC link procedure: the same fields, plus the project. */
export const exportInput = z.object({ projectId: idSchema, ...exportFields }).superRefine(checkRange);
export type ExportRequest = z.infer<typeof exportInput>;

/** What the link procedure answers: where to download, and the file's name. */
export interface ExportLink {
  url: string;
  filename: string;
  contentType: string;
}
