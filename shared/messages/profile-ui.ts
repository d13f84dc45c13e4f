// Client-only texts of the Profile screen. Validation and result
// texts live in ./auth.ts.
export const PROFILE_UI = {
  heading: "Profile",
  subtitle: "Manage your account information",
  loadingUser: "Loading user information...",
  accountInfo: "Account Information",
  maskedPassword: "••••••••",
  changeName: "Change Name",
  changePassword: "Change Password",
  newName: "New Name",
  currentPassword: "Current Password",
  newPassword: "New Password",
  confirmPassword: "Confirm New Password",
} as const;
