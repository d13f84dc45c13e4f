import { Button, Stack, Text } from "@chakra-ui/react";
import { FORMS_UI } from "@client/messages/forms-ui";
import { DialogFrame } from "./DialogFrame";

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
    <DialogFrame
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {FORMS_UI.cancel}
          </Button>
          <Button colorPalette="red" loading={busy} onClick={onConfirm}>
            {confirmLabel ?? FORMS_UI.delete}
          </Button>
        </>
      }
    >
      <Stack gap="2">
        <Text>{message}</Text>
        {note && <Text color="fg.muted">{note}</Text>}
      </Stack>
    </DialogFrame>
  );
}
