import { Avatar, Badge, Box, Card, Flex, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { ActiveBadge } from "@client/components/ActiveBadge";
import { PINNED_COLUMN } from "@client/components/pinnedColumn";
import { ROLE_COLORS } from "@client/components/roleColors";
import type { UserRow } from "@client/lib/api-types";
import { useNarrow } from "@client/lib/useNarrow";
import { FORMS_UI } from "@client/messages/forms-ui";
import { USERS_UI } from "@client/messages/users-ui";
import { formatDateTime, initials } from "@shared/format";
import { USERS } from "@shared/messages/users";
import { ROLE_LABELS } from "@shared/roles";
import { type UserAction, UserActions } from "./UserActions";

export type { UserAction };

interface UsersListProps {
  users: UserRow[];
  selfId: number;
  onAction: (a: UserAction, u: UserRow) => void;
}

function Who({ u, self }: { u: UserRow; self: boolean }) {
  return (
    <HStack gap={3} minW="0">
      <Avatar.Root size="sm" colorPalette={ROLE_COLORS[u.role]} flexShrink={0}>
        <Avatar.Fallback>{initials(u.name)}</Avatar.Fallback>
      </Avatar.Root>
      <Stack gap={0} minW="0">
        <Text fontWeight="medium">
          {u.name}{" "}
          {self && (
            <Badge size="xs" variant="outline">
              {USERS_UI.you}
            </Badge>
          )}
        </Text>
        <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
          {u.email}
          {u.org_name ? ` · ${u.org_name}` : ""}
        </Text>
      </Stack>
    </HStack>
  );
}

const RoleBadge = ({ u }: { u: UserRow }) => (
  <Badge colorPalette={ROLE_COLORS[u.role]} variant="subtle">
    {ROLE_LABELS[u.role]}
  </Badge>
);

const lastLogin = (u: UserRow) => (u.last_login ? formatDateTime(u.last_login) : USERS.never);

/** User Management's list: a table, or one card per user on a narrow screen. */
export function UsersTable(props: UsersListProps) {
  return useNarrow() ? <UserCards {...props} /> : <UsersWideTable {...props} />;
}

/** On a phone: everything a table row shows, stacked, with the actions on their own line. */
function UserCards({ users, selfId, onAction }: UsersListProps) {
  return (
    <Stack gap="3">
      {users.map((u) => (
        <Card.Root
          key={u.id}
          variant="outline"
          size="sm"
          data-testid={`user-row-${u.id}`}
          aria-label={u.email}
        >
          <Card.Body gap="3">
            <Who u={u} self={u.id === selfId} />
            <Flex gap="2" wrap="wrap" align="center">
              <RoleBadge u={u} />
              <ActiveBadge active={u.is_active} />
            </Flex>
            <Text fontSize="xs" color="fg.muted">
              {USERS_UI.colLastLogin}: {lastLogin(u)} · {FORMS_UI.projects}: {u.assigned_projects_count}
            </Text>
            <Box borderTopWidth="1px" borderColor="border.muted" pt="2">
              <UserActions user={u} self={u.id === selfId} onAction={onAction} justify="flex-start" />
            </Box>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

function UsersWideTable({ users, selfId, onAction }: UsersListProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="l3">
      <Table.Root size="sm" interactive>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>{USERS_UI.colUser}</Table.ColumnHeader>
            <Table.ColumnHeader>{USERS_UI.colRole}</Table.ColumnHeader>
            <Table.ColumnHeader>{FORMS_UI.status}</Table.ColumnHeader>
            <Table.ColumnHeader>{USERS_UI.colLastLogin}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{FORMS_UI.projects}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" {...PINNED_COLUMN} bg="bg.subtle">
              {FORMS_UI.actions}
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {users.map((u) => (
            <Table.Row key={u.id} data-testid={`user-row-${u.id}`} aria-label={u.email}>
              {/* Table cells do not wrap by default: a long email would push the actions off screen. */}
              <Table.Cell whiteSpace="normal" minW="48">
                <Who u={u} self={u.id === selfId} />
              </Table.Cell>
              <Table.Cell>
                <RoleBadge u={u} />
              </Table.Cell>
              <Table.Cell>
                <ActiveBadge active={u.is_active} />
              </Table.Cell>
              <Table.Cell color="fg.muted" whiteSpace="nowrap">
                {lastLogin(u)}
              </Table.Cell>
              <Table.Cell textAlign="end">{u.assigned_projects_count}</Table.Cell>
              <Table.Cell {...PINNED_COLUMN}>
                <UserActions user={u} self={u.id === selfId} onAction={onAction} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
