import { Input } from "@chakra-ui/react";
import { FormField } from "@client/components/form/FormField";
import { type FieldErrors, fieldErrors } from "@client/components/form/validate";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { PROFILE_UI } from "@client/messages/profile-ui";
import { AUTH } from "@shared/messages/auth";
import { changePasswordInput } from "@shared/schemas/auth";
import { useState } from "react";
import { InlineForm } from "./InlineForm";
import { profileError } from "./profileError";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Change Password: current, new and confirm; they must match, 6+ characters. */
export function ChangePasswordForm(props: { onDone: () => void; onCancel: () => void }) {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string>();
  const change = trpc.auth.changePassword.useMutation({
    onSuccess: () => {
      notify({ type: "success", title: AUTH.passwordChanged });
      props.onDone();
    },
    onError: (err) => setServerError(profileError(err, AUTH.changePasswordFailed)),
  });
  const set = (key: keyof typeof EMPTY) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const submit = () => {
    setServerError(undefined);
    if (form.newPassword !== form.confirmPassword) {
      return setErrors({ confirmPassword: AUTH.passwordsDoNotMatch });
    }
    const checked = fieldErrors(changePasswordInput, form);
    if (!checked.ok) return setErrors(checked.errors);
    change.mutate(checked.data);
  };
  const field = (key: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <FormField label={label} error={errors[key]}>
      <Input
        type="password"
        autoComplete={autoComplete}
        value={form[key]}
        onChange={(e) => set(key)(e.target.value)}
      />
    </FormField>
  );
  return (
    <InlineForm
      label={PROFILE_UI.changePassword}
      busy={change.isPending}
      error={serverError}
      onSubmit={submit}
      onCancel={props.onCancel}
    >
      {field("currentPassword", PROFILE_UI.currentPassword, "current-password")}
      {field("newPassword", PROFILE_UI.newPassword, "new-password")}
      {field("confirmPassword", PROFILE_UI.confirmPassword, "new-password")}
    </InlineForm>
  );
}
