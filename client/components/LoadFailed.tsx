import { Button, EmptyState } from "@chakra-ui/react";
import { AlertIcon } from "@client/components/icons/analytics";
import { LOAD_FAILED } from "@client/messages/load-failed";

/**
 * A load that failed, in one look on every screen: it says so and offers Retry, so it is never
 * mistaken for an empty list (which would invite "create your first…").
 */
export function LoadFailed(props: {
  title: string;
  onRetry: () => void;
  retrying?: boolean;
  /** Inside a card (news) rather than in place of a whole list. */
  compact?: boolean;
}) {
  return (
    <EmptyState.Root
      role="alert"
      data-testid="load-failed"
      borderWidth={props.compact ? undefined : "1px"}
      borderStyle="dashed"
      borderColor="red.muted"
      borderRadius="l3"
      py={props.compact ? 6 : 14}
    >
      <EmptyState.Content textAlign="center" px={4}>
        <EmptyState.Indicator color="red.fg">
          <AlertIcon />
        </EmptyState.Indicator>
        <EmptyState.Title>{props.title}</EmptyState.Title>
        <EmptyState.Description>{LOAD_FAILED.hint}</EmptyState.Description>
        <Button variant="outline" size="sm" onClick={props.onRetry} loading={props.retrying}>
          {LOAD_FAILED.retry}
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
