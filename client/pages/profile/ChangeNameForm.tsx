import { Input } from "@chakra-ui/react";
import { FormField } from "@client/components/form/FormField";
import { fieldErrors } from "@client/components/form/validate";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { PROFILE_UI } from "@client/messages/profile-ui";
import { AUTH } from "@shared/messages/auth";
import { changeNameInput } from "@shared/schemas/auth";
import type { SessionUser } from "@shared/types";
import { useState } from "react";
import { InlineForm } from "./InlineForm";
import { profileError } from "./profileError";

/** Change Name: trimmed, not empty, at least 2 characters. */
export function ChangeNameForm(props: { onDone: (user: SessionUser) => void; onCancel: () => void }) {
  const [newName, setNewName] = useState("");
  const [error, setError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const change = trpc.auth.changeName.useMutation({
    onSuccess: (res) => {
      notify({ type: "success", title: AUTH.nameChanged });
      props.onDone(res.user);
    },
    onError: (err) => setServerError(profileError(err, AUTH.changeNameFailed)),
  });
  const submit = () => {
    setServerError(undefined);
    const checked = fieldErrors(changeNameInput, { newName });
    if (!checked.ok) return setError(checked.errors.newName);
    change.mutate(checked.data);
  };
  return (
    <InlineForm
      label={PROFILE_UI.changeName}
      busy={change.isPending}
      error={serverError}
      onSubmit={submit}
      onCancel={props.onCancel}
    >
      <FormField label={PROFILE_UI.newName} error={error}>
        <Input
          value={newName}
          autoFocus
          onChange={(e) => {
            setNewName(e.target.value);
            setError(undefined);
          }}
        />
      </FormField>
    </InlineForm>
  );
}
