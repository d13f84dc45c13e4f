import { Alert, Button, HStack, Stack } from "@chakra-ui/react";
import { FORMS_UI } from "@client/messages/forms-ui";
import type { FormEvent, ReactNode } from "react";

/** The frame of one inline profile form: fields, the server's error if any, Cancel and Save. */
export function InlineForm(props: {
  label: string;
  busy: boolean;
  error?: string;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };
  // noValidate: the console's own messages replace the browser's.
  return (
    <Stack asChild gap={4} p={4} mt={3} borderWidth="1px" borderRadius="l2" bg="bg.subtle">
      <form noValidate onSubmit={submit} aria-label={props.label}>
        {props.children}
        {props.error && (
          <Alert.Root status="error" size="sm">
            <Alert.Indicator />
            <Alert.Title>{props.error}</Alert.Title>
          </Alert.Root>
        )}
        <HStack justify="flex-end">
          <Button variant="outline" size="sm" onClick={props.onCancel}>
            {FORMS_UI.cancel}
          </Button>
          <Button
            type="submit"
            size="sm"
            colorPalette="blue"
            loading={props.busy}
            loadingText={FORMS_UI.saving}
          >
            {FORMS_UI.save}
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}
