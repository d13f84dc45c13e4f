import { PERMISSIONS_UI } from "@client/messages/permissions-ui";
import { can, PERMISSIONS, type Permission } from "@shared/permissions";
import { ROLE_LABELS, type Role } from "@shared/roles";
import { useSession } from "./session";

/**
 * The signed-in user's rights, read from the table the server enforces: `allowed(p)` says whether a
 * control may be offered, `reason(p)` is the tooltip of a control shown switched off.
 */
export function usePermissions() {
  const { user } = useSession();
  return {
    allowed: (p: Permission) => (user ? can(user.role, p) : false),
    reason: (p: Permission) => deniedReason(user?.role ?? "viewer", p),
  };
}

export function deniedReason(role: Role, p: Permission): string {
  const allowed = (PERMISSIONS[p] as readonly Role[]).map((r) => ROLE_LABELS[r]);
  return PERMISSIONS_UI.denied(ROLE_LABELS[role], p, allowed);
}
