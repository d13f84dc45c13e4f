// Placeholder: the analytics issue builds the dashboard's Admin Controls (spec 1, Dashboard).
export function AdminControls() {
  return null;
}
