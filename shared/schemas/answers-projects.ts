import { ROLES } from "@shared/roles";
import { z } from "zod";
import { isoTime } from "./answers-common";

// Zod schemas of the project and user answers, for the API document.
// Each answer is written once: its TypeScript type is inferred from the schema.

const nullableInt = z.number().int().nullable();

export const sessionUserAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  org_id: nullableInt,
  org_name: z.string().nullable(),
  canCreateProjects: z.boolean(),
});

export const projectView = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  org_id: z.number().int(),
  org_name: z.string(),
  created_by: nullableInt,
  created_by_name: z.string(),
  created_at: isoTime,
  steam_app_id: nullableInt,
  steam_analytics_enabled: z.boolean(),
  financial_analytics_enabled: z.boolean(),
  steam_last_sync: isoTime.nullable(),
  media_count: z.number().int(),
  destinations_count: z.number().int(),
});
