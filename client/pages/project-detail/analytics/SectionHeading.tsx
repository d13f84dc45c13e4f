import { Box, type BoxProps, Text } from "@chakra-ui/react";

/** The title and muted line over each section of the analytics page. */
export function SectionHeading({ title, subtitle, ...box }: { title: string; subtitle: string } & BoxProps) {
  return (
    <Box {...box}>
      <Text fontSize="lg" fontWeight="semibold">
        {title}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {subtitle}
      </Text>
    </Box>
  );
}
