import { Button, Code, Field, Input, Stack, Text } from "@chakra-ui/react";
import { DialogFrame } from "@client/components/DialogFrame";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { API_TOKENS_UI as UI } from "@client/messages/api-tokens-ui";
import { FORMS_UI } from "@client/messages/forms-ui";
import { createApiTokenBody } from "@shared/schemas/api-tokens";
import { useState } from "react";

/** A new token, shown this once, with a copy button. */
function NewToken({ token }: { token: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard?.writeText(token).then(
      () => setCopied(true),
      () => {},
    );
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {UI.tokenHint}
      </Text>
      <Code data-testid="new-api-token" p="2" wordBreak="break-all" fontSize="sm">
        {token}
      </Code>
      <Button size="sm" variant="outline" alignSelf="start" onClick={copy}>
        {copied ? UI.copied : UI.copy}
      </Button>
    </Stack>
  );
}

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
    const checked = createApiTokenBody.safeParse({ name, expires_in_days: expiry });
    if (!checked.success) {
      const issue = (path: string) => checked.error.issues.find((i) => i.path[0] === path)?.message;
      return setErrors({ name: issue("name"), days: issue("expires_in_days") });
    }
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
            {UI.done}
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
        <NewToken token={token} />
      ) : (
        <Stack gap="4">
          <Field.Root required invalid={!!errors.name}>
            <Field.Label>
              {UI.nameLabel} <Field.RequiredIndicator />
            </Field.Label>
            <Input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
            {errors.name ? (
              <Field.ErrorText>{errors.name}</Field.ErrorText>
            ) : (
              <Field.HelperText>{UI.nameHint}</Field.HelperText>
            )}
          </Field.Root>
          <Field.Root invalid={!!errors.days}>
            <Field.Label>{UI.expiryLabel}</Field.Label>
            <Input inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} maxW="40" />
            {errors.days ? (
              <Field.ErrorText>{errors.days}</Field.ErrorText>
            ) : (
              <Field.HelperText>{UI.expiryHint}</Field.HelperText>
            )}
          </Field.Root>
        </Stack>
      )}
    </DialogFrame>
  );
}
