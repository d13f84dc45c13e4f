import type { AppRouter } from "@server/api/root-router";
import type { inferRouterOutputs } from "@trpc/server";

type Outputs = inferRouterOutputs<AppRouter>;
export type ProjectRow = Outputs["projects"]["list"][number];
export type ProjectDetail = Outputs["projects"]["get"];
export type OrganizationRow = Outputs["organizations"]["list"][number];
export type UserRow = Outputs["users"]["list"][number];
export type UserDetail = Outputs["users"]["get"];
