import { Button, CloseButton, Dialog, Portal, Stack, Text } from "@chakra-ui/react";
import { FORMS_UI } from "../../shared/messages/forms-ui";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question ('Are you sure…'). */
  message: string;
  /** A muted line under the question, e.g. 'This cannot be undone.' */
  note?: string;
  /** The red button's label; 'Delete' unless told. */
  confirmLabel?: string;
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** A destructive action's confirmation, used by every screen: Cancel and a red action button. */
export function ConfirmDialog({
  open,
  title,
  message,
  note,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                <Text>{message}</Text>
                {note && <Text color="fg.muted">{note}</Text>}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {FORMS_UI.cancel}
              </Button>
              <Button colorPalette="red" loading={busy} onClick={onConfirm}>
                {confirmLabel ?? FORMS_UI.delete}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={FORMS_UI.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
