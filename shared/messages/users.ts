// User management: refusals and results the server answers, which the client shows as they are.
export const USERS = {
  notFound: "User not found",
  passwordsDoNotMatch: "Passwords do not match",
  cannotDeleteSelf: "You cannot delete your own account",
  cannotDeactivateSelf: "You cannot deactivate your own account",
  stillReferenced: "User is still referenced and cannot be deleted",
  cannotDemoteSelf: "You cannot remove your own administrator role",
  roleInvalid: "Please choose a valid role",
  created: "User created successfully",
  updated: "User updated successfully",
  deleted: "User deleted successfully",
  activated: "User activated successfully",
  deactivated: "User deactivated successfully",
  fetchFailed: "Failed to fetch users",
  createFailed: "Failed to create user",
  updateFailed: "Failed to update user",
  resetPasswordFailed: "Failed to reset password",
  changeEmailFailed: "Failed to change email",
  deleteFailed: "Failed to delete user",
  statusFailed: "Failed to update user status",
  confirmDelete: "Are you sure you want to delete this user?",
  noUsers: "No users found",
  never: "Never",
} as const;

export const passwordResetFor = (name: string) => `Password reset successfully for ${name}`;
export const emailChangedFor = (name: string) => `Email changed successfully for ${name}`;
