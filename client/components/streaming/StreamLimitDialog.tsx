import { Button, Dialog, Portal, Stack, Text } from "@chakra-ui/react";
import { STREAMING } from "../../../shared/messages/streaming";

export interface StreamLimit {
  /** The server's error text. */
  message: string;
  currentStreams: number;
  maxStreams: number | null;
}

/** Spec 1 section 8: what a 429 on start opens. */
export function StreamLimitDialog({ limit, onClose }: { limit: StreamLimit | null; onClose(): void }) {
  return (
    <Dialog.Root
      open={limit !== null}
      onOpenChange={(e) => !e.open && onClose()}
      placement="center"
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content bg="bg.panel" borderTopWidth="3px" borderTopColor="orange.500">
            <Dialog.Header>
              <Dialog.Title>{STREAMING.limitTitle}</Dialog.Title>
            </Dialog.Header>
            {limit && (
              <Dialog.Body>
                <Stack gap="2">
                  <Text>{limit.message}</Text>
                  <Text fontFamily="mono" fontSize="sm" color="orange.300">
                    {STREAMING.limitCurrent(limit.currentStreams, limit.maxStreams ?? "∞")}
                  </Text>
                  <Text color="fg.muted">{STREAMING.limitAdvice}</Text>
                </Stack>
              </Dialog.Body>
            )}
            <Dialog.Footer>
              <Button colorPalette="orange" onClick={onClose}>
                {STREAMING.limitButton}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
