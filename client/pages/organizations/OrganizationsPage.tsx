import { Box, Button, EmptyState, Skeleton, Stack } from "@chakra-ui/react";
import { useSession } from "@client/app/session";
import { AccessDenied } from "@client/components/AccessDenied";
import { ConfirmDialog } from "@client/components/ConfirmDialog";
import { SearchInput } from "@client/components/form/SearchInput";
import { PlusIcon } from "@client/components/icons/common";
import { LoadFailed } from "@client/components/LoadFailed";
import { PageHeader } from "@client/components/PageHeader";
import type { OrganizationRow } from "@client/lib/api-types";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { useDebounced } from "@client/lib/useDebounced";
import { ORGANIZATIONS_UI } from "@client/messages/organizations-ui";
import { ORGANIZATIONS } from "@shared/messages/organizations";
import { useState } from "react";
import { OrganizationDetailsDialog } from "./OrganizationDetailsDialog";
import { OrganizationForm } from "./OrganizationForm";
import { type OrganizationAction, OrganizationsTable } from "./OrganizationsTable";

/** /organizations: admin only (docs/screens.md#organizations). */
export default function OrganizationsPage() {
  const { user } = useSession();
  if (user && user.role !== "admin") return <AccessDenied />;
  if (!user) return null;
  return <OrganizationManagement />;
}

/** Which inline form is open: none, create, or edit of one organization. */
type Editing = null | { organization: OrganizationRow | null };

function OrganizationManagement() {
  const [search, setSearch] = useState("");
  const debounced = useDebounced(search.trim());
  const orgs = trpc.organizations.list.useQuery(debounced ? { search: debounced } : undefined, {
    placeholderData: (prev) => prev,
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [viewing, setViewing] = useState<OrganizationRow | null>(null);
  const [deleting, setDeleting] = useState<OrganizationRow | null>(null);

  const remove = trpc.organizations.delete.useMutation({
    onSuccess: () => {
      notify({ type: "success", title: ORGANIZATIONS.deleted });
      setDeleting(null);
    },
    onError: (err) =>
      notify({
        type: "error",
        title: ORGANIZATIONS.deleteFailed,
        message: errorMessage(err, ORGANIZATIONS.deleteFailed),
      }),
  });

  const onAction = (action: OrganizationAction, o: OrganizationRow) => {
    if (action === "view") setViewing(o);
    else if (action === "edit") setEditing({ organization: o });
    else setDeleting(o);
  };
  const list = orgs.data ?? [];

  return (
    <Box p={{ base: 4, md: 8 }} maxW="7xl" mx="auto">
      <PageHeader
        title={ORGANIZATIONS_UI.heading}
        subtitle={ORGANIZATIONS_UI.subtitle}
        actions={
          editing === null && (
            <Button colorPalette="blue" onClick={() => setEditing({ organization: null })}>
              <PlusIcon /> {ORGANIZATIONS_UI.addOrganization}
            </Button>
          )
        }
      />
      <Stack gap={4}>
        {editing && (
          <OrganizationForm
            key={editing.organization?.id ?? "new"}
            organization={editing.organization}
            onDone={() => setEditing(null)}
          />
        )}
        <SearchInput
          value={search}
          onChange={setSearch}
          placeholder={ORGANIZATIONS_UI.searchPlaceholder}
          label={ORGANIZATIONS_UI.searchLabel}
        />
        {orgs.isPending ? (
          <Skeleton height="48" borderRadius="l3" />
        ) : orgs.isError ? (
          // Said in place of the list, with a Retry, so it never reads as "no organizations yet".
          <LoadFailed
            title={ORGANIZATIONS.fetchFailed}
            onRetry={() => void orgs.refetch()}
            retrying={orgs.isFetching}
          />
        ) : list.length === 0 ? (
          <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="l3" py={12}>
            <EmptyState.Content>
              <EmptyState.Title>{ORGANIZATIONS_UI.empty}</EmptyState.Title>
              <EmptyState.Description>
                {debounced ? ORGANIZATIONS_UI.emptySearch : ORGANIZATIONS_UI.emptyHint}
              </EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <OrganizationsTable organizations={list} onAction={onAction} />
        )}
      </Stack>
      <OrganizationDetailsDialog organization={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={ORGANIZATIONS_UI.deleteTitle}
        message={ORGANIZATIONS.confirmDelete}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
