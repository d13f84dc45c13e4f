import { Box, Card, Stack, Text } from "@chakra-ui/react";
import { StorePageBadge } from "@client/components/StorePageBadge";
import { DASHBOARD } from "@client/messages/dashboard";
import type { StorePageOverview } from "@shared/schemas/store-page";

/** Dashboard: each live Steam stream, and whether Steam shows it on the game's store page. */
export function StorePagePanel({ items }: { items: StorePageOverview[] }) {
  if (items.length === 0) return null;
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" data-testid="store-page-panel">
      <Card.Header>
        <Card.Title>{DASHBOARD.storePages}</Card.Title>
        <Text fontSize="sm" color="fg.muted">
          {DASHBOARD.storePagesHint}
        </Text>
      </Card.Header>
      <Card.Body pt="2">
        <Stack gap="0" divideY="1px" divideColor="border.muted">
          {items.map((item) => (
            // On a phone the badge goes under the names; from md on it stands at the right.
            <Box
              key={item.destination_id}
              display="grid"
              gridTemplateColumns={{ base: "minmax(0, 1fr)", md: "minmax(0, 1fr) auto" }}
              columnGap="4"
              rowGap="1.5"
              alignItems="center"
              py="3"
            >
              <Box minW="0">
                <Text fontWeight="medium" wordBreak="break-word">
                  {item.destination_name}
                </Text>
                <Text fontSize="xs" color="fg.muted" wordBreak="break-word">
                  {item.project_name}
                </Text>
              </Box>
              <Box justifySelf={{ base: "start", md: "end" }} maxW="100%">
                <StorePageBadge view={item} />
              </Box>
            </Box>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
