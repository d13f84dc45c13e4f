import { Input } from "@chakra-ui/react";
import { useSession } from "@client/app/session";
import { FormDialog } from "@client/components/form/FormDialog";
import { CheckboxField, FormField } from "@client/components/form/FormField";
import { OrganizationSelect } from "@client/components/form/OrganizationSelect";
import { type FieldErrors, fieldErrors } from "@client/components/form/validate";
import type { UserRow } from "@client/lib/api-types";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { FORMS_UI } from "@client/messages/forms-ui";
import { USERS_UI } from "@client/messages/users-ui";
import { AUTH } from "@shared/messages/auth";
import { USERS } from "@shared/messages/users";
import type { Role } from "@shared/roles";
import { createUserInput, updateUserProfileBody } from "@shared/schemas/users";
import { useEffect, useRef, useState } from "react";
import { RoleSelect } from "./RoleSelect";

interface Form {
  name: string;
  email: string;
  role: Role;
  password: string;
  is_active: boolean;
  org_id: string;
}

const blank = (): Form => ({
  name: "",
  email: "",
  role: "developer",
  password: "",
  is_active: true,
  org_id: "",
});
const fromUser = (u: UserRow): Form => ({
  name: u.name,
  email: u.email,
  role: u.role,
  password: "",
  is_active: u.is_active,
  org_id: u.org_id == null ? "" : String(u.org_id),
});

/** The "required" checks come first, then the shared schema's own texts. */
function requiredErrors(form: Form, creating: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (!form.name.trim()) errors.name = USERS_UI.nameRequired;
  if (!form.email.trim()) errors.email = AUTH.emailRequired;
  if (creating && !form.password) errors.password = USERS_UI.passwordRequired;
  return errors;
}

/** 'Create New User' (no user given) or 'Edit User'. */
export function UserFormDialog(props: { open: boolean; user: UserRow | null; onClose: () => void }) {
  const creating = props.user === null;
  const [form, setForm] = useState<Form>(blank);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { user: me } = useSession();
  // The same list (and cache) the organization select shows.
  const orgs = trpc.organizations.list.useQuery(undefined, { enabled: props.open && creating, staleTime: 0 });
  const orgChosen = useRef(false);

  // Each opening starts from the chosen user, or for a new one in the admin's own organization: a
  // user without one sees no projects, which is rarely what an admin creating them means.
  useEffect(() => {
    if (!props.open) return;
    orgChosen.current = false;
    setForm(props.user ? fromUser(props.user) : { ...blank(), org_id: me?.org_id ? String(me.org_id) : "" });
    setErrors({});
  }, [props.open, props.user, me?.org_id]);
  // An admin without an organization gets the first one listed, unless they already chose.
  const firstOrg = orgs.data?.[0]?.id;
  const orgId =
    creating && !orgChosen.current && form.org_id === "" && firstOrg !== undefined
      ? String(firstOrg)
      : form.org_id;

  const done = (message: string) => {
    notify({ type: "success", title: message });
    props.onClose();
  };
  const failed = (fallback: string) => (err: unknown) =>
    notify({ type: "error", title: fallback, message: errorMessage(err, fallback) });
  const create = trpc.users.create.useMutation({
    onSuccess: () => done(USERS.created),
    onError: failed(USERS.createFailed),
  });
  const update = trpc.users.updateProfile.useMutation({
    onSuccess: () => done(USERS.updated),
    onError: failed(USERS.updateFailed),
  });

  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) => {
      setForm((f) => ({ ...f, [key]: value }));
      setErrors((e) => ({ ...e, [key]: undefined }));
    };

  const submit = () => {
    const values = { ...form, org_id: orgId };
    const missing = requiredErrors(values, creating);
    if (Object.keys(missing).length > 0) return setErrors(missing);
    if (creating) {
      const checked = fieldErrors(createUserInput, values);
      if (!checked.ok) return setErrors(checked.errors);
      create.mutate(values);
    } else {
      const { password: _unused, ...profile } = values;
      const checked = fieldErrors(updateUserProfileBody, profile);
      if (!checked.ok) return setErrors(checked.errors);
      update.mutate({ id: props.user!.id, ...profile });
    }
  };

  return (
    <FormDialog
      open={props.open}
      title={creating ? USERS_UI.createTitle : USERS_UI.editTitle}
      submitLabel={creating ? USERS_UI.create : FORMS_UI.saveChanges}
      busy={create.isPending || update.isPending}
      busyLabel={FORMS_UI.saving}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <FormField label={FORMS_UI.name} required error={errors.name}>
        <Input value={form.name} onChange={(e) => set("name")(e.target.value)} autoComplete="off" />
      </FormField>
      <FormField label={FORMS_UI.email} required error={errors.email}>
        <Input
          type="email"
          value={form.email}
          onChange={(e) => set("email")(e.target.value)}
          autoComplete="off"
        />
      </FormField>
      {creating && (
        <FormField label={FORMS_UI.password} required error={errors.password}>
          <Input
            type="password"
            value={form.password}
            onChange={(e) => set("password")(e.target.value)}
            autoComplete="new-password"
          />
        </FormField>
      )}
      <FormField label={FORMS_UI.organization} error={errors.org_id}>
        <OrganizationSelect
          value={orgId}
          onChange={(v) => {
            orgChosen.current = true;
            set("org_id")(v);
          }}
          enabled={props.open}
        />
      </FormField>
      <FormField label={USERS_UI.role} error={errors.role}>
        <RoleSelect value={form.role} onChange={set("role")} />
      </FormField>
      <CheckboxField label={FORMS_UI.active} checked={form.is_active} onChange={set("is_active")} />
    </FormDialog>
  );
}
