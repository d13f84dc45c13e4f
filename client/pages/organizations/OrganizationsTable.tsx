import { Badge, HStack, IconButton, Stack, Table, Text } from "@chakra-ui/react";
import { EyeIcon, PencilIcon, TrashIcon } from "@client/components/icons/common";
import type { OrganizationRow } from "@client/lib/api-types";
import { FORMS_UI } from "@client/messages/forms-ui";
import { ORGANIZATIONS_UI } from "@client/messages/organizations-ui";
import { formatDateTime } from "@shared/format";

export type OrganizationAction = "view" | "edit" | "delete";

/** Organizations table: name with slug, counts, status, actions. */
export function OrganizationsTable(props: {
  organizations: OrganizationRow[];
  onAction: (a: OrganizationAction, o: OrganizationRow) => void;
}) {
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
            <Table.ColumnHeader textAlign="end">{FORMS_UI.actions}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {props.organizations.map((o) => (
            <Table.Row key={o.id} aria-label={o.name}>
              <Table.Cell>
                <Stack gap={0}>
                  <Text fontWeight="medium">{o.name}</Text>
                  <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                    {o.slug}
                  </Text>
                </Stack>
              </Table.Cell>
              <Table.Cell textAlign="end">{o.user_count}</Table.Cell>
              <Table.Cell textAlign="end">{o.project_count}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={o.is_active ? "green" : "gray"} variant="surface">
                  {o.is_active ? FORMS_UI.active : FORMS_UI.inactive}
                </Badge>
              </Table.Cell>
              <Table.Cell color="fg.muted" whiteSpace="nowrap">
                {formatDateTime(o.created_at)}
              </Table.Cell>
              <Table.Cell>
                <HStack gap={0} justify="flex-end">
                  <IconButton
                    aria-label={ORGANIZATIONS_UI.view}
                    title={ORGANIZATIONS_UI.view}
                    size="xs"
                    variant="ghost"
                    onClick={() => props.onAction("view", o)}
                  >
                    <EyeIcon />
                  </IconButton>
                  <IconButton
                    aria-label={ORGANIZATIONS_UI.edit}
                    title={ORGANIZATIONS_UI.edit}
                    size="xs"
                    variant="ghost"
                    onClick={() => props.onAction("edit", o)}
                  >
                    <PencilIcon />
                  </IconButton>
                  <IconButton
                    aria-label={ORGANIZATIONS_UI.delete}
                    title={ORGANIZATIONS_UI.delete}
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    onClick={() => props.onAction("delete", o)}
                  >
                    <TrashIcon />
                  </IconButton>
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
