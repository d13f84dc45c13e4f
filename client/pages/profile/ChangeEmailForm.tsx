import { Input } from "@chakra-ui/react";
import { FormField } from "@client/components/form/FormField";
import { type FieldErrors, fieldErrors } from "@client/components/form/validate";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { FORMS_UI } from "@client/messages/forms-ui";
import { PROFILE_UI } from "@client/messages/profile-ui";
import { AUTH } from "@shared/messages/auth";
import { changeEmailInput } from "@shared/schemas/auth";
import type { SessionUser } from "@shared/types";
import { useState } from "react";
import { InlineForm } from "./InlineForm";
import { profileError } from "./profileError";

/** Change Email: the new address and the current password. */
export function ChangeEmailForm(props: { onDone: (user: SessionUser) => void; onCancel: () => void }) {
  const [form, setForm] = useState({ newEmail: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string>();
  const change = trpc.auth.changeEmail.useMutation({
    onSuccess: (res) => {
      notify({ type: "success", title: AUTH.emailChanged });
      props.onDone(res.user);
    },
    onError: (err) => setServerError(profileError(err, AUTH.changeEmailFailed)),
  });
  const set = (key: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const submit = () => {
    setServerError(undefined);
    const checked = fieldErrors(changeEmailInput, form);
    if (!checked.ok) return setErrors(checked.errors);
    change.mutate(checked.data);
  };
  return (
    <InlineForm
      label={FORMS_UI.changeEmail}
      busy={change.isPending}
      error={serverError}
      onSubmit={submit}
      onCancel={props.onCancel}
    >
      <FormField label={FORMS_UI.newEmail} error={errors.newEmail}>
        <Input
          type="email"
          autoFocus
          value={form.newEmail}
          onChange={(e) => set("newEmail")(e.target.value)}
        />
      </FormField>
      <FormField label={PROFILE_UI.currentPassword} error={errors.password}>
        <Input
          type="password"
          autoComplete="current-password"
          value={form.password}
          onChange={(e) => set("password")(e.target.value)}
        />
      </FormField>
    </InlineForm>
  );
}
