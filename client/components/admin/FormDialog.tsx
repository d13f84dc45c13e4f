import { Button, CloseButton, Dialog, Portal, Stack } from "@chakra-ui/react";
import type { FormEvent, ReactNode } from "react";
import { FORMS_UI } from "../../../shared/messages/forms-ui";

/**
 * A modal form: title, fields, Cancel and a submit button that shows its busy label. The form has
 * noValidate so the console's own messages (the spec's texts) show instead of the browser's.
 */
export function FormDialog(props: {
  open: boolean;
  title: string;
  submitLabel: string;
  busy?: boolean;
  busyLabel?: string;
  size?: "sm" | "md" | "lg";
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(e) => !e.open && props.onClose()}
      placement="center"
      size={props.size ?? "md"}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form noValidate onSubmit={submit} aria-label={props.title}>
              <Dialog.Header>
                <Dialog.Title>{props.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap={4}>{props.children}</Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={props.onClose}>
                  {FORMS_UI.cancel}
                </Button>
                <Button type="submit" colorPalette="blue" loading={props.busy} loadingText={props.busyLabel}>
                  {props.submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={FORMS_UI.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
