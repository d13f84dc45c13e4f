import { Text } from "@chakra-ui/react";

// Placeholder: the analytics issue builds this tab (spec 2 section 2.3).
export function AnalyticsTab(_props: { projectId: number }) {
  return <Text color="fg.muted">Game analytics arrive with the analytics issue.</Text>;
}
