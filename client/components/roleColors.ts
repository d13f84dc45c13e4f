import type { Role } from "@shared/roles";

/** One badge colour per role, the same on Profile and User Management. */
export const ROLE_COLORS: Record<Role, string> = {
  admin: "red",
  manager: "purple",
  developer: "blue",
  viewer: "gray",
};
