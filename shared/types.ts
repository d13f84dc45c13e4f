import type { Role } from "./roles";

/** The signed-in user as the client receives it. Never carries a hash or a session id. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  org_id: number | null;
  org_name: string | null;
  canCreateProjects: boolean;
}
