import { Input, Text } from "@chakra-ui/react";
import { FormDialog } from "@client/components/form/FormDialog";
import { FormField } from "@client/components/form/FormField";
import { fieldErrors } from "@client/components/form/validate";
import type { UserRow } from "@client/lib/api-types";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { FORMS_UI } from "@client/messages/forms-ui";
import { emailChangedFor, USERS } from "@shared/messages/users";
import { adminChangeEmailBody } from "@shared/schemas/users";
import { useState } from "react";

/** Change Email for a user: required, valid address. */
export function ChangeEmailDialog(props: { user: UserRow | null; onClose: () => void }) {
  const [newEmail, setNewEmail] = useState("");
  const [error, setError] = useState<string>();
  const change = trpc.users.changeEmail.useMutation({
    onSuccess: () => {
      notify({ type: "success", title: emailChangedFor(props.user?.name ?? "") });
      props.onClose();
    },
    onError: (err) =>
      notify({
        type: "error",
        title: USERS.changeEmailFailed,
        message: errorMessage(err, USERS.changeEmailFailed),
      }),
  });
  const submit = () => {
    const checked = fieldErrors(adminChangeEmailBody, { newEmail });
    if (!checked.ok) return setError(checked.errors.newEmail);
    change.mutate({ id: props.user!.id, newEmail: checked.data.newEmail });
  };
  return (
    <FormDialog
      open={props.user !== null}
      title={FORMS_UI.changeEmail}
      submitLabel={FORMS_UI.changeEmail}
      busy={change.isPending}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <Text color="fg.muted">{props.user?.email}</Text>
      <FormField label={FORMS_UI.newEmail} error={error}>
        <Input
          type="email"
          autoComplete="off"
          value={newEmail}
          onChange={(e) => {
            setNewEmail(e.target.value);
            setError(undefined);
          }}
        />
      </FormField>
    </FormDialog>
  );
}
