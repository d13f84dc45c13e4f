import { Box, Heading, Text } from "@chakra-ui/react";

// Placeholder until its issue builds this screen.
export default function StreamingPage() {
  return (
    <Box p={6}>
      <Heading size="lg">Streaming</Heading>
      <Text color="fg.muted">This screen arrives in a later issue.</Text>
    </Box>
  );
}
