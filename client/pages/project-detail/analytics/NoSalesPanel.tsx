import { Card, Stack, Text } from "@chakra-ui/react";
import { WalletIcon } from "@client/components/icons/analytics";
import { FINANCIAL_UI as T } from "@client/messages/analytics-ui";

/** The financial section when the period holds no sales: one plain statement, no $0 axes. */
export function NoSalesPanel({ days }: { days: number }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" borderStyle="dashed" data-testid="no-sales">
      <Card.Body py="12">
        <Stack align="center" gap="3" textAlign="center">
          <WalletIcon boxSize="8" color="fg.subtle" />
          <Text fontSize="lg" fontWeight="semibold">
            {T.noSales}
          </Text>
          <Text color="fg.muted" fontSize="sm" maxW="md">
            {T.noSalesHint(days)}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
