import { Box, Heading, Text } from "@chakra-ui/react";

// Placeholder until its issue builds this screen.
export default function DashboardPage() {
  return (
    <Box p={6}>
      <Heading size="lg">Dashboard</Heading>
      <Text color="fg.muted">This screen arrives in a later issue.</Text>
    </Box>
  );
}
