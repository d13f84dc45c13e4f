// Placeholder: the analytics issue builds Latest News on the overview tab (spec 2 section 2.1).
export function LatestNews(_props: { projectId: number }) {
  return null;
}
