import { Badge, Button, CloseButton, DataList, Dialog, List, Portal, Skeleton, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { formatDateTime } from "../../../shared/format";
import { FORMS_UI } from "../../../shared/messages/forms-ui";
import { USERS } from "../../../shared/messages/users";
import { USERS_UI } from "../../../shared/messages/users-ui";
import { ROLE_LABELS } from "../../../shared/roles";
import { ROLE_COLORS } from "../../components/admin/roleColors";
import { trpc } from "../../lib/trpc";

/** User Details (spec 2 section 2.7), read fresh so assigned projects are current. */
export function UserDetailsDialog(props: { userId: number | null; onClose: () => void }) {
  const details = trpc.users.get.useQuery({ id: props.userId ?? 0 }, { enabled: props.userId !== null });
  const u = details.data;
  const rows: [string, ReactNode][] = u
    ? [
        [FORMS_UI.name, u.name],
        [FORMS_UI.email, u.email],
        [
          USERS_UI.role,
          <Badge key="role" colorPalette={ROLE_COLORS[u.role]} variant="subtle">
            {ROLE_LABELS[u.role]}
          </Badge>,
        ],
        [FORMS_UI.organization, u.org_name ?? FORMS_UI.noOrganization],
        [FORMS_UI.status, u.is_active ? FORMS_UI.active : FORMS_UI.inactive],
        [USERS_UI.authProvider, u.auth_provider],
        [USERS_UI.colLastLogin, u.last_login ? formatDateTime(u.last_login) : USERS.never],
        [FORMS_UI.created, formatDateTime(u.created_at)],
      ]
    : [];
  return (
    <Dialog.Root
      open={props.userId !== null}
      onOpenChange={(e) => !e.open && props.onClose()}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{USERS_UI.detailsTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {!u ? (
                <Skeleton height="48" />
              ) : (
                <>
                  <DataList.Root orientation="horizontal" gap={3}>
                    {rows.map(([label, value]) => (
                      <DataList.Item key={label}>
                        <DataList.ItemLabel>{label}</DataList.ItemLabel>
                        <DataList.ItemValue>{value}</DataList.ItemValue>
                      </DataList.Item>
                    ))}
                  </DataList.Root>
                  <Text fontWeight="semibold" mt={5} mb={2}>
                    {USERS_UI.assignedProjects} ({u.assigned_projects.length})
                  </Text>
                  {u.assigned_projects.length === 0 ? (
                    <Text color="fg.muted">{USERS_UI.noAssignedProjects}</Text>
                  ) : (
                    <List.Root ps={5}>
                      {u.assigned_projects.map((p) => (
                        <List.Item key={p.id}>{p.name}</List.Item>
                      ))}
                    </List.Root>
                  )}
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
