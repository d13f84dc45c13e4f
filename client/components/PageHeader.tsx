import { Flex, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** Title, subtitle and the screen's main actions, aligned the same on every screen. */
export function PageHeader(props: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Flex justify="space-between" align={{ base: "stretch", md: "center" }} gap={4} mb={6} wrap="wrap">
      <Stack gap={1}>
        <Heading size="2xl" letterSpacing="tight">
          {props.title}
        </Heading>
        {props.subtitle && <Text color="fg.muted">{props.subtitle}</Text>}
      </Stack>
      {props.actions}
    </Flex>
  );
}
