import { Text } from "@chakra-ui/react";

// Placeholder: the media issue builds this tab (spec 2 section 2.2).
export function MediaTab(_props: { projectId: number }) {
  return <Text color="fg.muted">Media library arrives with the media issue.</Text>;
}
