// Organization management: refusals and results the server answers, which the client shows as they are.
export const ORGANIZATIONS = {
  notFound: "Organization not found",
  nameRequired: "Organization name is required",
  nameTooLong: "Organization name must be at most 100 characters",
  stillReferenced: "Organization is still in use and cannot be deleted",
  created: "Organization created successfully",
  updated: "Organization updated successfully",
  deleted: "Organization deleted successfully",
  fetchFailed: "Failed to fetch organizations",
  createFailed: "Failed to create organization",
  updateFailed: "Failed to update organization",
  deleteFailed: "Failed to delete organization",
  confirmDelete: "Are you sure you want to delete this organization? This action cannot be undone.",
} as const;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The 409 text when an organization still holds users or projects, e.g. 'Organization still has 2 users and 1 project'. */
export function organizationNotEmpty(userCount: number, projectCount: number): string {
  const parts = [];
  if (userCount > 0) parts.push(plural(userCount, "user"));
  if (projectCount > 0) parts.push(plural(projectCount, "project"));
  return `Organization still has ${parts.join(" and ")}`;
}
