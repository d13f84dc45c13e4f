import { Button, CloseButton, Dialog, Portal, Text } from "@chakra-ui/react";
import { FORMS_UI } from "../../../shared/messages/forms-ui";

/** A destructive confirmation ('Are you sure…') with Cancel and a red action button. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(e) => !e.open && props.onClose()}
      role="alertdialog"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted">{props.message}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onClose}>
                {FORMS_UI.cancel}
              </Button>
              <Button colorPalette="red" loading={props.busy} onClick={props.onConfirm}>
                {props.confirmLabel ?? FORMS_UI.delete}
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
