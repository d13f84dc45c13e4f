import { Box, Button, EmptyState, Flex, NativeSelect, Skeleton, Stack } from "@chakra-ui/react";
import { useSession } from "@client/app/session";
import { AccessDenied } from "@client/components/AccessDenied";
import { ConfirmDialog } from "@client/components/ConfirmDialog";
import { SearchInput } from "@client/components/form/SearchInput";
import { PlusIcon } from "@client/components/icons/common";
import { PageHeader } from "@client/components/PageHeader";
import type { UserRow } from "@client/lib/api-types";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { useDebounced } from "@client/lib/useDebounced";
import { USERS_UI } from "@client/messages/users-ui";
import { USERS } from "@shared/messages/users";
import { ROLE_LABELS, ROLES, type Role } from "@shared/roles";
import { useEffect, useState } from "react";
import { ChangeEmailDialog } from "./ChangeEmailDialog";
import { ResetPasswordDialog } from "./ResetPasswordDialog";
import { UserDetailsDialog } from "./UserDetailsDialog";
import { UserFormDialog } from "./UserFormDialog";
import { type UserAction, UsersTable } from "./UsersTable";

// The filter's own short labels: 'Admin', then the role names.
const ROLE_FILTER_LABELS: Record<Role, string> = { ...ROLE_LABELS, admin: USERS_UI.roleFilterAdmin };

/** /users: admin only (docs/screens.md#users). */
export default function UsersPage() {
  const { user: me } = useSession();
  if (me && me.role !== "admin") return <AccessDenied />;
  if (!me) return null;
  return <UserManagement selfId={me.id} />;
}

function UserManagement({ selfId }: { selfId: number }) {
  const [search, setSearch] = useState("");
  const [role, setRole] = useState<Role | "">("");
  const debounced = useDebounced(search.trim());
  // Parameters only when set: an empty search or 'All Roles' sends nothing.
  const input = { ...(debounced ? { search: debounced } : {}), ...(role ? { role } : {}) };
  const users = trpc.users.list.useQuery(input, { placeholderData: (prev) => prev });

  const [form, setForm] = useState<{ user: UserRow | null } | null>(null);
  const [details, setDetails] = useState<number | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [emailing, setEmailing] = useState<UserRow | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);

  const fail = (fallback: string) => (err: unknown) =>
    notify({ type: "error", title: fallback, message: errorMessage(err, fallback) });
  const setActive = trpc.users.setActive.useMutation({
    onSuccess: (_r, v) => {
      notify({ type: "success", title: v.is_active ? USERS.activated : USERS.deactivated });
    },
    onError: fail(USERS.statusFailed),
  });
  const remove = trpc.users.delete.useMutation({
    onSuccess: () => {
      notify({ type: "success", title: USERS.deleted });
      setDeleting(null);
    },
    onError: fail(USERS.deleteFailed),
  });

  const onAction = (action: UserAction, u: UserRow) => {
    if (action === "view") setDetails(u.id);
    else if (action === "edit") setForm({ user: u });
    else if (action === "reset") setResetting(u);
    else if (action === "email") setEmailing(u);
    else if (action === "toggle") setActive.mutate({ id: u.id, is_active: !u.is_active });
    else setDeleting(u);
  };

  const failedToLoad = users.isError;
  useEffect(() => {
    if (failedToLoad)
      notify({
        type: "error",
        title: USERS.fetchFailed,
        message: errorMessage(users.error, USERS.fetchFailed),
      });
  }, [failedToLoad, users.error]);
  const list = users.data ?? [];

  return (
    <Box p={{ base: 4, md: 8 }} maxW="7xl" mx="auto">
      <PageHeader
        title={USERS_UI.heading}
        subtitle={USERS_UI.subtitle}
        actions={
          <Button colorPalette="blue" onClick={() => setForm({ user: null })}>
            <PlusIcon /> {USERS_UI.addUser}
          </Button>
        }
      />
      <Stack gap={4}>
        <Flex gap={3} wrap="wrap">
          <SearchInput
            value={search}
            onChange={setSearch}
            placeholder={USERS_UI.searchPlaceholder}
            label={USERS_UI.searchLabel}
          />
          <NativeSelect.Root width="12rem">
            <NativeSelect.Field
              aria-label={USERS_UI.roleFilterLabel}
              value={role}
              onChange={(e) => setRole(e.target.value as Role | "")}
            >
              <option value="">{USERS_UI.allRoles}</option>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_FILTER_LABELS[r]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Flex>
        {users.isPending ? (
          <Skeleton height="64" borderRadius="l3" />
        ) : list.length === 0 ? (
          <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="l3" py={12}>
            <EmptyState.Content>
              <EmptyState.Title>{USERS.noUsers}</EmptyState.Title>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <UsersTable users={list} selfId={selfId} onAction={onAction} />
        )}
      </Stack>
      <UserFormDialog open={form !== null} user={form?.user ?? null} onClose={() => setForm(null)} />
      <UserDetailsDialog userId={details} onClose={() => setDetails(null)} />
      <ResetPasswordDialog
        key={`reset-${resetting?.id}`}
        user={resetting}
        onClose={() => setResetting(null)}
      />
      <ChangeEmailDialog key={`email-${emailing?.id}`} user={emailing} onClose={() => setEmailing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={USERS_UI.deleteTitle}
        message={USERS.confirmDelete}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
