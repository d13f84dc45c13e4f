import { Input, Text } from "@chakra-ui/react";
import { FormDialog } from "@client/components/form/FormDialog";
import { FormField } from "@client/components/form/FormField";
import { type FieldErrors, fieldErrors } from "@client/components/form/validate";
import type { UserRow } from "@client/lib/api-types";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { USERS_UI } from "@client/messages/users-ui";
import { passwordResetFor, USERS } from "@shared/messages/users";
import { resetPasswordBody } from "@shared/schemas/users";
import { useState } from "react";

/** Reset Password: new and confirm must match, at least 6 characters. */
export function ResetPasswordDialog(props: { user: UserRow | null; onClose: () => void }) {
  const [form, setForm] = useState({ newPassword: "", confirmPassword: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const reset = trpc.users.resetPassword.useMutation({
    onSuccess: () => {
      notify({ type: "success", title: passwordResetFor(props.user?.name ?? "") });
      props.onClose();
    },
    onError: (err) =>
      notify({
        type: "error",
        title: USERS.resetPasswordFailed,
        message: errorMessage(err, USERS.resetPasswordFailed),
      }),
  });
  const set = (key: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const submit = () => {
    if (form.newPassword !== form.confirmPassword)
      return setErrors({ confirmPassword: USERS.passwordsDoNotMatch });
    const checked = fieldErrors(resetPasswordBody, form);
    if (!checked.ok) return setErrors(checked.errors);
    reset.mutate({ id: props.user!.id, newPassword: form.newPassword });
  };
  return (
    <FormDialog
      open={props.user !== null}
      title={USERS_UI.resetPassword}
      submitLabel={USERS_UI.resetPassword}
      busy={reset.isPending}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <Text color="fg.muted">{props.user?.email}</Text>
      <FormField label={USERS_UI.newPassword} error={errors.newPassword}>
        <Input
          type="password"
          autoComplete="new-password"
          value={form.newPassword}
          onChange={(e) => set("newPassword")(e.target.value)}
        />
      </FormField>
      <FormField label={USERS_UI.confirmPassword} error={errors.confirmPassword}>
        <Input
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={(e) => set("confirmPassword")(e.target.value)}
        />
      </FormField>
    </FormDialog>
  );
}
