// What other features may use of projects: the tenancy and permission checks every service makes.
export { inOrgScope, orgScope, requireAdmin, requirePermission, requireProject, seesProject } from "./access";
