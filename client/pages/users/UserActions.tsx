import { Box, HStack, IconButton } from "@chakra-ui/react";
import {
  EyeIcon,
  KeyIcon,
  MailIcon,
  PencilIcon,
  PowerIcon,
  TrashIcon,
} from "@client/components/icons/common";
import type { UserRow } from "@client/lib/api-types";
import { FORMS_UI } from "@client/messages/forms-ui";
import { USERS_UI } from "@client/messages/users-ui";
import { USERS } from "@shared/messages/users";
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

/** A user's actions, in the same order and columns on every row; no delete on your own row. */
export function UserActions(props: {
  user: UserRow;
  self: boolean;
  onAction: (a: UserAction, u: UserRow) => void;
  justify?: "flex-start" | "flex-end";
}) {
  const { user: u, self } = props;
  const act = (a: UserAction) => () => props.onAction(a, u);
  return (
    <HStack gap={0} justify={props.justify ?? "flex-end"} data-row-actions="">
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
      {self ? (
        // Holds the delete button's place so the icons above and below line up.
        <Box w="8" h="8" flexShrink={0} aria-hidden="true" data-testid="action-placeholder" />
      ) : (
        <Action label={USERS_UI.deleteUser} onClick={act("delete")} danger>
          <TrashIcon />
        </Action>
      )}
    </HStack>
  );
}
