import { Badge, Box, Heading, Text } from "@chakra-ui/react";
import { SHELL } from "@client/messages/shell";

/** Placeholder for Submissions and Marketing: 'Coming Soon'. */
export default function ComingSoonPage({ title }: { title: string }) {
  return (
    <Box p={6}>
      <Heading size="xl" mb="6">
        {title}
      </Heading>
      <Box
        borderWidth="1px"
        borderStyle="dashed"
        borderColor="border"
        rounded="xl"
        py="16"
        px="6"
        textAlign="center"
      >
        <Badge colorPalette="blue" variant="subtle" mb="3">
          {SHELL.soonTag}
        </Badge>
        <Heading size="lg">{SHELL.comingSoon}</Heading>
        <Text color="fg.muted" mt="2">
          {SHELL.comingSoonHint}
        </Text>
      </Box>
    </Box>
  );
}
