import { Flex, type FlexProps } from "@chakra-ui/react";

/** Full-height, centred content: the guard's states and the sign-in page. */
export function CenteredScreen(props: FlexProps) {
  return (
    <Flex minH="100dvh" direction="column" align="center" justify="center" gap="4" p="6" bg="bg" {...props} />
  );
}
