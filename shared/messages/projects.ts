// The projects list, project detail and settings: refusals and results the server answers.
export const PROJECTS = {
  notFound: "Project not found",
  nameRequired: "Project name is required",
  nameTooLong: "Project name must be at most 100 characters",
  descriptionTooLong: "Project description must be at most 500 characters",
  urlInvalid: "Please enter a valid URL",
  organizationRequired: "Organization is required",
  organizationNotFound: "Organization not found",
  otherOrganization: "You can only create projects in your own organization",
  createDenied: "You do not have permission to create projects",
  editDenied: "You do not have permission to edit this project",
  /** How a project reads when the user who created it was deleted (created_by set null by the FK). */
  deletedUser: "Deleted user",
  created: "Project created",
  createdMessage: "Your project has been created successfully!",
  createFailed: "Failed to create project",
  loadFailed: "Failed to load project details",
  updateFailed: "Failed to update project settings",
  settingsUpdated: "Settings updated",
  unexpected: "An unexpected error occurred",
} as const;
