import { Badge, Button, CloseButton, DataList, Dialog, Portal } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { formatDateTime } from "../../../shared/format";
import { FORMS_UI } from "../../../shared/messages/forms-ui";
import { ORGANIZATIONS_UI } from "../../../shared/messages/organizations-ui";
import type { OrganizationRow } from "../../components/projects/types";

/** The organization details dialog (spec 2 section 2.8). */
export function OrganizationDetailsDialog(props: {
  organization: OrganizationRow | null;
  onClose: () => void;
}) {
  const o = props.organization;
  const rows: [string, ReactNode][] = o
    ? [
        [FORMS_UI.name, o.name],
        [ORGANIZATIONS_UI.slug, o.slug],
        [
          FORMS_UI.status,
          <Badge key="status" colorPalette={o.is_active ? "green" : "gray"} variant="surface">
            {o.is_active ? FORMS_UI.active : FORMS_UI.inactive}
          </Badge>,
        ],
        [ORGANIZATIONS_UI.colUsers, o.user_count],
        [FORMS_UI.projects, o.project_count],
        [FORMS_UI.created, formatDateTime(o.created_at)],
      ]
    : [];
  return (
    <Dialog.Root open={o !== null} onOpenChange={(e) => !e.open && props.onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{ORGANIZATIONS_UI.detailsTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <DataList.Root orientation="horizontal" gap={3}>
                {rows.map(([label, value]) => (
                  <DataList.Item key={label}>
                    <DataList.ItemLabel>{label}</DataList.ItemLabel>
                    <DataList.ItemValue>{value}</DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList.Root>
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
