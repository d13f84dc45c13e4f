import { Badge, Box, Card, HStack, Stack, Text } from "@chakra-ui/react";
import { formatPercent } from "@shared/format";
import { NODES } from "@shared/messages/nodes";
import type { NodeView } from "@shared/schemas/nodes";

const MB = 1024 * 1024;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box minW="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="sm" fontVariantNumeric="tabular-nums">
        {value}
      </Text>
    </Box>
  );
}

/** Dashboard, admins only: each console node with its load and its last heartbeat. */
export function NodesPanel({ nodes }: { nodes: NodeView[] }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" data-testid="nodes-panel">
      <Card.Header>
        <Card.Title>{NODES.title}</Card.Title>
        <Text fontSize="sm" color="fg.muted">
          {NODES.hint}
        </Text>
      </Card.Header>
      <Card.Body pt="2">
        {nodes.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {NODES.none}
          </Text>
        ) : (
          <Stack gap="0" divideY="1px" divideColor="border.muted">
            {nodes.map((node) => (
              // On a phone the figures wrap under the name; from md on they stand in one row.
              <Box
                key={node.name}
                data-testid={`node-${node.name}`}
                display="grid"
                gridTemplateColumns={{
                  base: "repeat(2, minmax(0, 1fr))",
                  md: "minmax(0, 2fr) repeat(4, minmax(0, 1fr))",
                }}
                columnGap="4"
                rowGap="2"
                alignItems="center"
                py="3"
              >
                <HStack gap="2" minW="0" gridColumn={{ base: "1 / -1", md: "auto" }}>
                  <Text fontWeight="medium" fontFamily="mono" wordBreak="break-all">
                    {node.name}
                  </Text>
                  {node.down && (
                    <Badge colorPalette="red" variant="solid" size="sm" data-testid="node-down">
                      {NODES.down}
                    </Badge>
                  )}
                </HStack>
                <Figure label={NODES.streams} value={NODES.streamsOfMax(node.streams, node.max_streams)} />
                <Figure label={NODES.cpu} value={formatPercent(node.cpu_percent)} />
                <Figure label={NODES.memory} value={`${(node.rss_bytes / MB).toFixed(1)} MB`} />
                <Figure label={NODES.lastHeartbeat} value={NODES.heartbeatAge(node.heartbeat_age_seconds)} />
              </Box>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
