import { Badge, List, Text } from "@chakra-ui/react";
import { type DetailRow, DetailsDialog } from "@client/components/DetailsDialog";
import { ROLE_COLORS } from "@client/components/roleColors";
import { errorMessage } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { FORMS_UI } from "@client/messages/forms-ui";
import { USERS_UI } from "@client/messages/users-ui";
import { formatDateTime } from "@shared/format";
import { USERS } from "@shared/messages/users";
import { ROLE_LABELS } from "@shared/roles";

/** User Details, read fresh so assigned projects are current. */
export function UserDetailsDialog(props: { userId: number | null; onClose: () => void }) {
  const details = trpc.users.get.useQuery(
    { id: props.userId ?? 0 },
    { enabled: props.userId !== null, staleTime: 0 },
  );
  const u = details.data;
  const rows: DetailRow[] | null = u
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
    : null;
  return (
    <DetailsDialog
      open={props.userId !== null}
      title={USERS_UI.detailsTitle}
      rows={rows}
      error={details.error ? errorMessage(details.error, USERS.fetchFailed) : null}
      onClose={props.onClose}
    >
      {u && (
        <>
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
    </DetailsDialog>
  );
}
