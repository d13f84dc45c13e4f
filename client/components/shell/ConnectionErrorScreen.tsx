import { Button, Card, Heading, Stack, Text } from "@chakra-ui/react";
import { SHELL } from "@client/messages/shell";
import { CenteredScreen } from "./CenteredScreen";
import { ProductMark } from "./ProductMark";

/** The server cannot be reached: said in the console's own look, with a way to try again. */
export function ConnectionErrorScreen() {
  return (
    <CenteredScreen bgGradient="to-b" gradientFrom="red.950/30" gradientTo="bg">
      <Stack gap="6" width="full" maxW="sm">
        <ProductMark />
        <Card.Root variant="elevated" bg="bg.panel" borderTopWidth="3px" borderTopColor="red.solid">
          <Card.Body>
            <Stack gap="3" textAlign="center" align="center">
              <Heading size="md">{SHELL.connectionError}</Heading>
              <Text color="fg.muted" fontSize="sm">
                {SHELL.connectionErrorHint}
              </Text>
              <Button colorPalette="blue" width="full" mt="2" onClick={() => window.location.reload()}>
                {SHELL.retryConnection}
              </Button>
            </Stack>
          </Card.Body>
        </Card.Root>
      </Stack>
    </CenteredScreen>
  );
}
