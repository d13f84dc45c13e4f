import { Box, Card, Flex, HStack, IconButton, Stack, Table, Text } from "@chakra-ui/react";
import { ActiveBadge } from "@client/components/ActiveBadge";
import { EyeIcon, PencilIcon, TrashIcon } from "@client/components/icons/common";
import { PINNED_COLUMN } from "@client/components/pinnedColumn";
import type { OrganizationRow } from "@client/lib/api-types";
import { useNarrow } from "@client/lib/useNarrow";
import { FORMS_UI } from "@client/messages/forms-ui";
import { ORGANIZATIONS_UI } from "@client/messages/organizations-ui";
import { formatDateTime } from "@shared/format";

export type OrganizationAction = "view" | "edit" | "delete";

interface OrganizationsListProps {
  organizations: OrganizationRow[];
  onAction: (a: OrganizationAction, o: OrganizationRow) => void;
}

function Actions({
  o,
  onAction,
  justify = "flex-end",
}: { o: OrganizationRow } & Pick<OrganizationsListProps, "onAction"> & {
    justify?: "flex-start" | "flex-end";
  }) {
  const items = [
    { action: "view" as const, label: ORGANIZATIONS_UI.view, icon: <EyeIcon /> },
    { action: "edit" as const, label: ORGANIZATIONS_UI.edit, icon: <PencilIcon /> },
    { action: "delete" as const, label: ORGANIZATIONS_UI.delete, icon: <TrashIcon /> },
  ];
  return (
    <HStack gap={0} justify={justify} data-row-actions="">
      {items.map((i) => (
        <IconButton
          key={i.action}
          aria-label={i.label}
          title={i.label}
          size="xs"
          variant="ghost"
          colorPalette={i.action === "delete" ? "red" : "gray"}
          onClick={() => onAction(i.action, o)}
        >
          {i.icon}
        </IconButton>
      ))}
    </HStack>
  );
}

function Name({ o }: { o: OrganizationRow }) {
  return (
    <Stack gap={0} minW="0">
      <Text fontWeight="medium">{o.name}</Text>
      <Text fontSize="xs" color="fg.muted" fontFamily="mono" overflowWrap="anywhere">
        {o.slug}
      </Text>
    </Stack>
  );
}

/** Organizations: name with slug, counts, status, actions; one card per organization on a phone. */
export function OrganizationsTable(props: OrganizationsListProps) {
  return useNarrow() ? <OrganizationCards {...props} /> : <OrganizationsWideTable {...props} />;
}

function OrganizationCards({ organizations, onAction }: OrganizationsListProps) {
  return (
    <Stack gap="3">
      {organizations.map((o) => (
        <Card.Root key={o.id} variant="outline" size="sm" data-testid={`org-row-${o.id}`} aria-label={o.name}>
          <Card.Body gap="3">
            <Flex justify="space-between" align="flex-start" gap="3">
              <Name o={o} />
              <ActiveBadge active={o.is_active} />
            </Flex>
            <Text fontSize="xs" color="fg.muted">
              {ORGANIZATIONS_UI.colUsers}: {o.user_count} · {FORMS_UI.projects}: {o.project_count} ·{" "}
              {FORMS_UI.created}: {formatDateTime(o.created_at)}
            </Text>
            <Box borderTopWidth="1px" borderColor="border.muted" pt="2">
              <Actions o={o} onAction={onAction} justify="flex-start" />
            </Box>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

function OrganizationsWideTable({ organizations, onAction }: OrganizationsListProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="l3">
      <Table.Root size="sm" interactive>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>{FORMS_UI.name}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{ORGANIZATIONS_UI.colUsers}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{FORMS_UI.projects}</Table.ColumnHeader>
            <Table.ColumnHeader>{FORMS_UI.status}</Table.ColumnHeader>
            <Table.ColumnHeader>{FORMS_UI.created}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" {...PINNED_COLUMN} bg="bg.subtle">
              {FORMS_UI.actions}
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {organizations.map((o) => (
            <Table.Row key={o.id} aria-label={o.name} data-testid={`org-row-${o.id}`}>
              <Table.Cell whiteSpace="normal" minW="40">
                <Name o={o} />
              </Table.Cell>
              <Table.Cell textAlign="end">{o.user_count}</Table.Cell>
              <Table.Cell textAlign="end">{o.project_count}</Table.Cell>
              <Table.Cell>
                <ActiveBadge active={o.is_active} />
              </Table.Cell>
              <Table.Cell color="fg.muted" whiteSpace="nowrap">
                {formatDateTime(o.created_at)}
              </Table.Cell>
              <Table.Cell {...PINNED_COLUMN}>
                <Actions o={o} onAction={onAction} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
