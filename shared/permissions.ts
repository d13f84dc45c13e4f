import type { Role } from "./roles";

// Server-enforced role rules: which roles may do what. The client reads the same table to hide controls.
export const PERMISSIONS = {
  "project.create": ["admin", "manager"],
  "project.edit": ["admin", "manager"],
  "media.upload": ["admin", "manager", "developer"],
  "media.delete": ["admin"],
  "destination.manage": ["admin", "manager", "developer"],
  "playlist.manage": ["admin", "manager", "developer"],
  "stream.control": ["admin", "manager", "developer"],
  "stream.delete": ["admin", "manager", "developer"],
  "schedule.manage": ["admin", "manager", "developer"],
  "streams.clearEnded": ["admin"],
  "analytics.sync": ["admin", "manager", "developer"],
  "analytics.settings": ["admin", "manager"],
  "analytics.syncAllApps": ["admin"],
  "admin.manage": ["admin"],
  "webhook.manage": ["admin", "manager"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export const can = (role: Role, permission: Permission): boolean =>
  (PERMISSIONS[permission] as readonly Role[]).includes(role);
