// Placeholder: the analytics issue builds the Steam Analytics card (spec 2 section 2.5).
export function SteamAnalyticsCard(_props: { projectId: number }) {
  return null;
}
