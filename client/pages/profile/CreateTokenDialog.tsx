import { Button, Input, Stack } from "@chakra-ui/react";
import { DialogFrame } from "@client/components/DialogFrame";
import { FormField } from "@client/components/form/FormField";
import { fieldErrors } from "@client/components/form/validate";
import { SecretShownOnce } from "@client/components/SecretShownOnce";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { API_TOKENS_UI as UI } from "@client/messages/api-tokens-ui";
import { FORMS_UI } from "@client/messages/forms-ui";
import { createApiTokenBody } from "@shared/schemas/api-tokens";
import { useState } from "react";

/** The create form (name, optional expiry); after creation, the token. */
export function CreateTokenDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [name, setName] = useState("");
  const [days, setDays] = useState("");
  const [errors, setErrors] = useState<{ name?: string; days?: string }>({});
  const [token, setToken] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const create = trpc.tokens.create.useMutation();

  const close = () => {
    setName("");
    setDays("");
    setErrors({});
    setToken(null);
    onClose();
  };

  async function submit() {
    const expiry = days.trim() === "" ? undefined : Number(days);
    const checked = fieldErrors(createApiTokenBody, { name, expires_in_days: expiry });
    if (!checked.ok) return setErrors({ name: checked.errors.name, days: checked.errors.expires_in_days });
    setErrors({});
    try {
      const created = await create.mutateAsync(checked.data);
      await utils.tokens.list.invalidate();
      notify({ type: "success", title: UI.created });
      setToken(created.token);
    } catch (err) {
      notify({ type: "error", title: UI.createFailed, message: errorMessage(err, UI.createFailed) });
    }
  }

  // One dialog throughout: swapping to a second one would let the submit click close it at once.
  return (
    <DialogFrame
      open={open}
      onClose={close}
      closeLabel={token ? undefined : false}
      title={token ? UI.tokenTitle : UI.createTitle}
      onSubmit={token ? undefined : submit}
      footer={
        token ? (
          <Button colorPalette="blue" onClick={close}>
            {FORMS_UI.done}
          </Button>
        ) : (
          <>
            <Button variant="outline" onClick={close}>
              {FORMS_UI.cancel}
            </Button>
            <Button type="submit" colorPalette="blue" loading={create.isPending} loadingText={UI.creating}>
              {UI.create}
            </Button>
          </>
        )
      }
    >
      {token ? (
        <SecretShownOnce hint={UI.tokenHint} value={token} testId="new-api-token" />
      ) : (
        <Stack gap="4">
          <FormField label={UI.nameLabel} required error={errors.name} helper={UI.nameHint}>
            <Input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          </FormField>
          <FormField label={UI.expiryLabel} error={errors.days} helper={UI.expiryHint}>
            <Input inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} maxW="40" />
          </FormField>
        </Stack>
      )}
    </DialogFrame>
  );
}
