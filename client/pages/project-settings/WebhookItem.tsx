import { Badge, Box, Button, Flex, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { ConfirmDialog } from "@client/components/ConfirmDialog";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { WEBHOOKS_UI as UI } from "@client/messages/webhooks-ui";
import { formatDateTime } from "@shared/format";
import { EVENT_LABELS } from "@shared/messages/webhooks";
import type { DeliveryView, WebhookView } from "@shared/schemas/webhooks";
import { useState } from "react";
import { AddWebhookDialog } from "./AddWebhookDialog";

const STATUS_COLOR = { delivered: "green", pending: "orange", failed: "red" } as const;

function Deliveries({ rows }: { rows: DeliveryView[] }) {
  if (rows.length === 0)
    return (
      <Text fontSize="sm" color="fg.subtle">
        {UI.noDeliveries}
      </Text>
    );
  return (
    <>
      <Stack hideFrom="md" gap="2">
        {rows.map((d) => (
          <Box
            key={d.id}
            borderWidth="1px"
            rounded="md"
            px="3"
            py="2"
            fontSize="sm"
            data-testid={`delivery-card-${d.id}`}
          >
            <HStack justify="space-between" gap="2">
              <Text fontWeight="medium">{EVENT_LABELS[d.event]}</Text>
              <Badge size="sm" colorPalette={STATUS_COLOR[d.status]}>
                {UI.status[d.status]}
              </Badge>
            </HStack>
            <Text color="fg.muted">
              {formatDateTime(d.created_at)} ·{" "}
              {d.http_status === null ? UI.noAnswer : `HTTP ${d.http_status}`} ·{" "}
              {UI.attemptsCount(d.attempts)}
            </Text>
          </Box>
        ))}
      </Stack>
      <Table.ScrollArea borderWidth="1px" rounded="md" hideBelow="md">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{UI.time}</Table.ColumnHeader>
              <Table.ColumnHeader>{UI.event}</Table.ColumnHeader>
              <Table.ColumnHeader>{UI.httpStatus}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{UI.attempts}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((d) => (
              <Table.Row key={d.id} data-testid={`delivery-${d.id}`}>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(d.created_at)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{EVENT_LABELS[d.event]}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  <HStack gap="2">
                    <Text>{d.http_status ?? UI.noAnswer}</Text>
                    <Badge size="sm" colorPalette={STATUS_COLOR[d.status]}>
                      {UI.status[d.status]}
                    </Badge>
                  </HStack>
                </Table.Cell>
                <Table.Cell textAlign="end">{d.attempts}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </>
  );
}

/** One webhook: its masked address, format and events, its actions and its last deliveries. */
export function WebhookItem({ webhook }: { webhook: WebhookView }) {
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const utils = trpc.useUtils();
  const deliveries = trpc.webhooks.deliveries.useQuery({ id: webhook.id }, { refetchInterval: 5000 });
  const test = trpc.webhooks.test.useMutation();
  const remove = trpc.webhooks.delete.useMutation();

  async function sendTest() {
    try {
      const d = await test.mutateAsync({ id: webhook.id });
      if (d.status === "delivered") notify({ type: "success", title: UI.testSent });
      else notify({ type: "warning", title: UI.testPending, message: UI.testPendingMessage });
    } catch (err) {
      notify({ type: "error", title: UI.testFailed, message: errorMessage(err, UI.testFailed) });
    }
    await utils.webhooks.deliveries.invalidate({ id: webhook.id });
  }

  async function confirmDelete() {
    try {
      await remove.mutateAsync({ id: webhook.id });
      notify({ type: "success", title: UI.deleted });
      setConfirming(false);
      await utils.webhooks.list.invalidate({ project_id: webhook.project_id });
    } catch (err) {
      notify({ type: "error", title: UI.deleteFailed, message: errorMessage(err, UI.deleteFailed) });
    }
  }

  return (
    <Box borderWidth="1px" rounded="lg" p="4" data-testid={`webhook-${webhook.id}`}>
      <Stack gap="3">
        <Flex gap="3" wrap="wrap" align="center" justify="space-between">
          <Stack gap="1" minW="0">
            {webhook.name && (
              <Text fontWeight="semibold" wordBreak="break-word" data-testid="webhook-name">
                {webhook.name}
              </Text>
            )}
            <HStack gap="2" wrap="wrap">
              <Text
                fontFamily="mono"
                fontSize="sm"
                wordBreak="break-all"
                color={webhook.name ? "fg.muted" : undefined}
              >
                {webhook.url_masked}
              </Text>
              <Badge colorPalette="blue">{UI.formats[webhook.format]}</Badge>
            </HStack>
            <HStack gap="1" wrap="wrap">
              {webhook.events.map((e) => (
                <Badge key={e} variant="outline" size="sm">
                  {EVENT_LABELS[e]}
                </Badge>
              ))}
            </HStack>
          </Stack>
          <HStack gap="2">
            <Button size="sm" variant="outline" onClick={sendTest} loading={test.isPending}>
              {UI.sendTest}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setEditing(true)}
              aria-label={`${UI.edit} ${webhook.name ?? webhook.url_masked}`}
            >
              {UI.edit}
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
              {UI.delete}
            </Button>
          </HStack>
        </Flex>
        <Text fontSize="sm" fontWeight="medium">
          {UI.lastDeliveries}
        </Text>
        <Deliveries rows={(deliveries.data ?? []).slice(0, 5)} />
      </Stack>
      <AddWebhookDialog
        open={editing}
        onClose={() => setEditing(false)}
        projectId={webhook.project_id}
        editing={webhook}
      />
      <ConfirmDialog
        open={confirming}
        title={UI.deleteTitle}
        message={UI.deleteMessage}
        note={UI.deleteNote}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
