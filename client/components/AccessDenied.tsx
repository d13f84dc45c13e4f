import { EmptyState } from "@chakra-ui/react";
import { LockIcon } from "@client/components/icons/common";
import { FORMS_UI } from "@client/messages/forms-ui";

/** What a non-admin sees on an admin-only screen (Users, Organizations). */
export function AccessDenied() {
  return (
    <EmptyState.Root py={20}>
      <EmptyState.Content>
        <EmptyState.Indicator color="red.400">
          <LockIcon />
        </EmptyState.Indicator>
        <EmptyState.Title>{FORMS_UI.accessDenied}</EmptyState.Title>
        <EmptyState.Description>{FORMS_UI.accessDeniedHint}</EmptyState.Description>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
