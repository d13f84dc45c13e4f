import { z } from "zod";
import { isoTime } from "./answers-common";

// The dashboard's answers, each written once: the schema the API document shows, and its type.

export const dashboardStatsAnswer = z.object({
  userRole: z.string(),
  activeStreams: z.number().int(),
  totalProjects: z.number().int(),
  totalMediaFiles: z.number().int(),
  streamHours: z.number(),
  totalUsers: z.number().int().optional().describe("Admins only."),
  totalOrganizations: z.number().int().optional().describe("Admins only."),
  streamsToday: z.number().int(),
});
export type DashboardStats = z.infer<typeof dashboardStatsAnswer>;

/** A stream run or an upload, as the recent-activity list shows it. */
export const activityItem = z.object({
  activity_type: z.enum(["stream", "media"]),
  id: z.number().int(),
  media_name: z.string().nullable(),
  destination_name: z.string().nullable(),
  original_name: z.string().nullable(),
  status: z.string().nullable(),
  project_name: z.string(),
  user_name: z.string().nullable(),
  started_at: isoTime.nullable(),
  stopped_at: isoTime
    .nullable()
    .describe("A stream's end (null while live and for uploads): an ended run is dated by it."),
  went_live: z.boolean().nullable().describe("As in a stream record; null for uploads."),
  error_count: z.number().int().nullable().describe("Failures of the stream; null for uploads."),
  created_at: isoTime,
});
export type ActivityItem = z.infer<typeof activityItem>;

export const clearedStreams = z.object({ success: z.literal(true), deletedCount: z.number().int() });
