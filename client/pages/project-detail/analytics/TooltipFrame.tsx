import { Box, type BoxProps, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** The box every analytics chart's tooltip sits in: a dark card with the day (or a heading) on top. */
export function TooltipFrame({
  title,
  children,
  ...box
}: { title: ReactNode; children: ReactNode } & Omit<BoxProps, "title">) {
  return (
    <Box
      bg="gray.900"
      borderWidth="1px"
      borderColor="border.emphasized"
      borderRadius="md"
      px="3"
      py="2"
      boxShadow="lg"
      {...box}
    >
      <Text fontSize="xs" fontWeight="semibold" mb="1">
        {title}
      </Text>
      {children}
    </Box>
  );
}
