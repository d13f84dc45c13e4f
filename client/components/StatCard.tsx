import { Box, Card, Flex, Stat, Text } from "@chakra-ui/react";
import type { ComponentType, ReactNode } from "react";

export interface StatCardProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: ComponentType<{ boxSize?: string }>;
  /** Chakra colour palette of the icon badge. */
  palette: string;
}

/** One figure of the analytics tab: label, big value, a muted hint and a tinted icon badge. */
export function StatCard({ label, value, hint, icon: IconComponent, palette }: StatCardProps) {
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" data-testid={`stat-${label}`}>
      <Card.Body p="5">
        <Flex justify="space-between" align="flex-start" gap="3">
          <Stat.Root gap="1">
            <Stat.Label color="fg.muted" fontSize="sm" fontWeight="medium">
              {label}
            </Stat.Label>
            <Stat.ValueText
              fontSize="2xl"
              fontWeight="bold"
              letterSpacing="tight"
              fontVariantNumeric="tabular-nums"
            >
              {value}
            </Stat.ValueText>
            {hint ? (
              <Text fontSize="xs" color="fg.subtle">
                {hint}
              </Text>
            ) : null}
          </Stat.Root>
          <Box
            colorPalette={palette}
            bg="colorPalette.subtle"
            color="colorPalette.fg"
            borderRadius="lg"
            p="2.5"
            flexShrink={0}
          >
            <IconComponent boxSize="5" />
          </Box>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** A titled panel used for charts and side panels on the analytics tab. */
export function Panel({
  title,
  subtitle,
  actions,
  children,
  testId,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" data-testid={testId}>
      <Card.Body p="5" gap="4">
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Box>
            <Box fontWeight="semibold">{title}</Box>
            {subtitle ? (
              <Text fontSize="sm" color="fg.muted">
                {subtitle}
              </Text>
            ) : null}
          </Box>
          {actions}
        </Flex>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
