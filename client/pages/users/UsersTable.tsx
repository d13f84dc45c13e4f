import { Avatar, Badge, HStack, IconButton, Stack, Table, Text } from "@chakra-ui/react";
import {
  EyeIcon,
  KeyIcon,
  MailIcon,
  PencilIcon,
  PowerIcon,
  TrashIcon,
} from "@client/components/icons/common";
import { ROLE_COLORS } from "@client/components/roleColors";
import type { UserRow } from "@client/lib/api-types";
import { FORMS_UI } from "@client/messages/forms-ui";
import { USERS_UI } from "@client/messages/users-ui";
import { formatDateTime, initials } from "@shared/format";
import { USERS } from "@shared/messages/users";
import { ROLE_LABELS } from "@shared/roles";
import type { ReactNode } from "react";

export type UserAction = "view" | "edit" | "reset" | "email" | "toggle" | "delete";

function Action(props: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  danger?: boolean;
  /** Given, the button is disabled and its tooltip says why. */
  disabledReason?: string;
}) {
  return (
    <IconButton
      aria-label={props.label}
      title={props.disabledReason ?? props.label}
      size="xs"
      variant="ghost"
      colorPalette={props.danger ? "red" : "gray"}
      disabled={props.disabledReason !== undefined}
      onClick={props.onClick}
    >
      {props.children}
    </IconButton>
  );
}

/** The user table of User Management; no delete on your own row. */
export function UsersTable(props: {
  users: UserRow[];
  selfId: number;
  onAction: (a: UserAction, u: UserRow) => void;
}) {
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
            <Table.ColumnHeader textAlign="end">{FORMS_UI.actions}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {props.users.map((u) => {
            const act = (a: UserAction) => () => props.onAction(a, u);
            const self = u.id === props.selfId;
            return (
              <Table.Row key={u.id} data-testid={`user-row-${u.id}`} aria-label={u.email}>
                <Table.Cell>
                  <HStack gap={3}>
                    <Avatar.Root size="sm" colorPalette={ROLE_COLORS[u.role]}>
                      <Avatar.Fallback>{initials(u.name)}</Avatar.Fallback>
                    </Avatar.Root>
                    <Stack gap={0}>
                      <Text fontWeight="medium">
                        {u.name}{" "}
                        {self && (
                          <Badge size="xs" variant="outline">
                            {USERS_UI.you}
                          </Badge>
                        )}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {u.email}
                        {u.org_name ? ` · ${u.org_name}` : ""}
                      </Text>
                    </Stack>
                  </HStack>
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={ROLE_COLORS[u.role]} variant="subtle">
                    {ROLE_LABELS[u.role]}
                  </Badge>
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={u.is_active ? "green" : "gray"} variant="surface">
                    {u.is_active ? FORMS_UI.active : FORMS_UI.inactive}
                  </Badge>
                </Table.Cell>
                <Table.Cell color="fg.muted" whiteSpace="nowrap">
                  {u.last_login ? formatDateTime(u.last_login) : USERS.never}
                </Table.Cell>
                <Table.Cell textAlign="end">{u.assigned_projects_count}</Table.Cell>
                <Table.Cell>
                  <HStack gap={0} justify="flex-end">
                    <Action label={USERS_UI.viewDetails} onClick={act("view")}>
                      <EyeIcon />
                    </Action>
                    <Action label={USERS_UI.edit} onClick={act("edit")}>
                      <PencilIcon />
                    </Action>
                    <Action label={USERS_UI.resetPassword} onClick={act("reset")}>
                      <KeyIcon />
                    </Action>
                    <Action label={FORMS_UI.changeEmail} onClick={act("email")}>
                      <MailIcon />
                    </Action>
                    <Action
                      label={u.is_active ? USERS_UI.deactivate : USERS_UI.activate}
                      onClick={act("toggle")}
                      // The server refuses it; a button that can only fail is not offered.
                      disabledReason={self ? USERS.cannotDeactivateSelf : undefined}
                    >
                      <PowerIcon />
                    </Action>
                    {!self && (
                      <Action label={USERS_UI.deleteUser} onClick={act("delete")} danger>
                        <TrashIcon />
                      </Action>
                    )}
                  </HStack>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
