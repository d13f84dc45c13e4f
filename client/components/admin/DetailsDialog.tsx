import { Button, CloseButton, DataList, Dialog, Portal, Skeleton } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { FORMS_UI } from "../../../shared/messages/forms-ui";

export type DetailRow = [label: string, value: ReactNode];

/**
 * A read-only details dialog (users, organizations): label/value rows, then anything extra, and a
 * Close button. `rows` null means the record is still loading.
 */
export function DetailsDialog(props: {
  open: boolean;
  title: string;
  rows: DetailRow[] | null;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={(e) => !e.open && props.onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {props.rows === null ? (
                <Skeleton height="48" />
              ) : (
                <>
                  <DataList.Root orientation="horizontal" gap={3}>
                    {props.rows.map(([label, value]) => (
                      <DataList.Item key={label}>
                        <DataList.ItemLabel>{label}</DataList.ItemLabel>
                        <DataList.ItemValue>{value}</DataList.ItemValue>
                      </DataList.Item>
                    ))}
                  </DataList.Root>
                  {props.children}
                </>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onClose}>
                {FORMS_UI.close}
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
