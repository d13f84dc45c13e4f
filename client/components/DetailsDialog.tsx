import { Button, DataList, Skeleton, Text } from "@chakra-ui/react";
import { FORMS_UI } from "@client/messages/forms-ui";
import type { ReactNode } from "react";
import { DialogFrame } from "./DialogFrame";

export type DetailRow = [label: string, value: ReactNode];

/**
 * A read-only details dialog (users, organizations): label/value rows, then anything extra, and a
 * Close button. `rows` null means the record is still loading, unless `error` says it will not come.
 */
export function DetailsDialog(props: {
  open: boolean;
  title: string;
  rows: DetailRow[] | null;
  error?: string | null;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <DialogFrame
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      footer={
        <Button variant="outline" onClick={props.onClose}>
          {FORMS_UI.close}
        </Button>
      }
    >
      {props.rows === null ? (
        props.error ? (
          <Text color="fg.error" role="alert">
            {props.error}
          </Text>
        ) : (
          <Skeleton height="48" />
        )
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
    </DialogFrame>
  );
}
