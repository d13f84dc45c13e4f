import { Flex, Heading } from "@chakra-ui/react";
import { Icon } from "@client/components/icons/shell";
import { SHELL } from "@client/messages/shell";

/** The product's logo and name, as the sign-in page and the full-screen states show them. */
export function ProductMark() {
  return (
    <Flex direction="column" align="center" gap="3" textAlign="center" data-testid="product-mark">
      <Flex boxSize="12" rounded="xl" bg="blue.solid" color="blue.contrast" align="center" justify="center">
        <Icon name="logo" boxSize="7" />
      </Flex>
      <Heading size="xl">{SHELL.productTitle}</Heading>
    </Flex>
  );
}
