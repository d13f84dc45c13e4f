export const ROLES = ["admin", "manager", "developer", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Administrator",
  manager: "Manager",
  developer: "Developer",
  viewer: "Viewer",
};

/** Who may create projects (sent to the client as `canCreateProjects`). */
export const canCreateProjects = (role: Role) => role === "admin" || role === "manager";
