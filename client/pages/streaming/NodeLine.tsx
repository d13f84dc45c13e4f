import { Text } from "@chakra-ui/react";
import { NODES } from "@shared/messages/nodes";
import type { Destination } from "./types";

/**
 * Where a live stream runs, in one line under its media: the database out of reach (the card shows
 * the last answer), a node that cannot read the media handing it on, a node that stopped answering,
 * or simply its node. Nothing on a console alone on SQLite before the first run names a node.
 */
export function NodeLine({
  destination: d,
  databaseAway,
}: {
  destination: Destination;
  databaseAway: boolean;
}) {
  const unreadable = d.stream_unreadable;
  const [testId, text, color] = databaseAway
    ? ["database-away", NODES.databaseAway, "orange.fg"]
    : unreadable && !unreadable.failed
      ? ["stream-unreadable", NODES.cannotRead(unreadable.nodes[0] ?? "", unreadable.file), "orange.fg"]
      : d.stream_moving
        ? ["stream-moving", NODES.moving(d.stream_node), "orange.fg"]
        : d.stream_node
          ? ["stream-node", NODES.onNode(d.stream_node), "fg.muted"]
          : [null, null, null];
  if (!testId) return null;
  return (
    <Text fontSize="xs" color={color} mt="-2" data-testid={testId}>
      {text}
    </Text>
  );
}
