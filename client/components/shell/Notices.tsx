import { Toaster as ChakraToaster, Portal, Stack, Toast } from "@chakra-ui/react";
import { toaster } from "@client/lib/notify";
import { SHELL } from "@client/messages/shell";

/** Renders every notice created with notify(): each closes by itself and has a Close button. */
export function Notices() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger aria-label={SHELL.close} title={SHELL.close} />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
