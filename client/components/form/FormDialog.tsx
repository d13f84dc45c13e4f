import { Button, Stack } from "@chakra-ui/react";
import { DialogFrame } from "@client/components/DialogFrame";
import { FORMS_UI } from "@client/messages/forms-ui";
import type { ReactNode } from "react";

/**
 * A modal form: title, fields, Cancel and a submit button that shows its busy label. The form has
 * noValidate so the console's own messages (from the messages files) show instead of the browser's.
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
  return (
    <DialogFrame
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      size={props.size ?? "md"}
      onSubmit={props.onSubmit}
      footer={
        <>
          <Button variant="outline" onClick={props.onClose}>
            {FORMS_UI.cancel}
          </Button>
          <Button type="submit" colorPalette="blue" loading={props.busy} loadingText={props.busyLabel}>
            {props.submitLabel}
          </Button>
        </>
      }
    >
      <Stack gap={4}>{props.children}</Stack>
    </DialogFrame>
  );
}
