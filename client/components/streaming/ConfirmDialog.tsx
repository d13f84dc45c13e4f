import { Button, Dialog, Portal, Stack, Text } from "@chakra-ui/react";
import { STREAMING_UI as UI } from "../../../shared/messages/streaming-ui";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  lines: string[];
  confirmLabel: string;
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** A destructive action's confirmation: red confirm button, Cancel takes the focus first. */
export function ConfirmDialog({
  open,
  title,
  lines,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content bg="bg.panel">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                {lines.map((line, i) => (
                  <Text key={line} color={i === 0 ? "fg" : "fg.muted"}>
                    {line}
                  </Text>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={onClose}>
                {UI.cancel}
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={busy}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
