import { CloseButton, Dialog, Portal, Stack, Text } from "@chakra-ui/react";
import { FORMS_UI } from "@client/messages/forms-ui";
import type { FormEvent, ReactNode } from "react";

export interface DialogFrameProps
  extends Pick<Dialog.RootProps, "role" | "size" | "scrollBehavior" | "finalFocusEl"> {
  open: boolean;
  /** Called for every way of closing: Escape, the backdrop, the corner X. */
  onClose(): void;
  title: string;
  /** A muted line under the title. */
  subtitle?: ReactNode;
  /** Shown left of the title (and subtitle). */
  icon?: ReactNode;
  /** The corner X's accessible name ('Close' unless told); false: no X. */
  closeLabel?: string | false;
  /** Given, the header, body and footer are one form (named by the title, no browser validation). */
  onSubmit?(): void;
  footer?: ReactNode;
  footerJustify?: "flex-start";
  /** Accents on the panel (a coloured top edge, rounder corners). */
  contentProps?: Dialog.ContentProps;
  children?: ReactNode;
}

/** The frame every modal of the console shares: centred panel, title, body, footer, optional X. */
export function DialogFrame(props: DialogFrameProps) {
  const title = <Dialog.Title>{props.title}</Dialog.Title>;
  const heading =
    props.subtitle === undefined ? (
      title
    ) : (
      <Stack gap="1">
        {title}
        <Text fontSize="sm" color="fg.muted">
          {props.subtitle}
        </Text>
      </Stack>
    );
  const sections = (
    <>
      <Dialog.Header alignItems="center" gap="3">
        {props.icon}
        {heading}
      </Dialog.Header>
      <Dialog.Body>{props.children}</Dialog.Body>
      {props.footer !== undefined && (
        <Dialog.Footer justifyContent={props.footerJustify}>{props.footer}</Dialog.Footer>
      )}
    </>
  );
  const onSubmit = props.onSubmit;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit?.();
  };
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(e) => !e.open && props.onClose()}
      placement="center"
      role={props.role}
      size={props.size}
      scrollBehavior={props.scrollBehavior}
      finalFocusEl={props.finalFocusEl}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content {...props.contentProps}>
            {onSubmit ? (
              // display: contents keeps header, body and footer in the panel's flex column, which
              // scrolling inside the panel needs.
              <form
                noValidate
                onSubmit={submit}
                aria-label={props.title}
                style={props.scrollBehavior === "inside" ? { display: "contents" } : undefined}
              >
                {sections}
              </form>
            ) : (
              sections
            )}
            {props.closeLabel !== false && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={props.closeLabel ?? FORMS_UI.close} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
