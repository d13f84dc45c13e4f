import { Box, Heading, Text } from "@chakra-ui/react";

// Placeholder until its issue builds this screen.
export default function ProjectSettingsPage() {
  return (
    <Box p={6}>
      <Heading size="lg">Project Settings</Heading>
      <Text color="fg.muted">This screen arrives in a later issue.</Text>
    </Box>
  );
}
