import { ActiveBadge } from "@client/components/ActiveBadge";
import { type DetailRow, DetailsDialog } from "@client/components/DetailsDialog";
import type { OrganizationRow } from "@client/lib/api-types";
import { FORMS_UI } from "@client/messages/forms-ui";
import { ORGANIZATIONS_UI } from "@client/messages/organizations-ui";
import { formatDateTime } from "@shared/format";

/** The organization details dialog. */
export function OrganizationDetailsDialog(props: {
  organization: OrganizationRow | null;
  onClose: () => void;
}) {
  const o = props.organization;
  const rows: DetailRow[] = o
    ? [
        [FORMS_UI.name, o.name],
        [ORGANIZATIONS_UI.slug, o.slug],
        [FORMS_UI.status, <ActiveBadge key="status" active={o.is_active} />],
        [ORGANIZATIONS_UI.colUsers, o.user_count],
        [FORMS_UI.projects, o.project_count],
        [FORMS_UI.created, formatDateTime(o.created_at)],
      ]
    : [];
  return (
    <DetailsDialog
      open={o !== null}
      title={ORGANIZATIONS_UI.detailsTitle}
      rows={rows}
      onClose={props.onClose}
    />
  );
}
