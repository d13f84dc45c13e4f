import { Button, Checkbox, Field, Fieldset, Input, NativeSelect, Stack } from "@chakra-ui/react";
import { DialogFrame } from "@client/components/DialogFrame";
import { FormField } from "@client/components/form/FormField";
import { fieldErrors } from "@client/components/form/validate";
import { SecretShownOnce } from "@client/components/SecretShownOnce";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { FORMS_UI } from "@client/messages/forms-ui";
import { WEBHOOKS_UI as UI } from "@client/messages/webhooks-ui";
import { EVENT_LABELS, WEBHOOKS } from "@shared/messages/webhooks";
import {
  createWebhookBody,
  updateWebhookBody,
  WEBHOOK_EVENTS,
  WEBHOOK_FORMATS,
  type WebhookEvent,
  type WebhookFormat,
  type WebhookView,
} from "@shared/schemas/webhooks";
import { useEffect, useState } from "react";

const DEFAULT_EVENTS: WebhookEvent[] = [
  "stream.failed",
  "stream.restarting_repeatedly",
  "stream.stalled",
  "stream.recovered",
];

/**
 * The add form; after creation, the signing secret, shown this once. Given `editing`, the same form
 * changes that webhook: its address stays unless a new one is typed (the list only knows it
 * masked), and its secret stays, so a receiver that checks signatures goes on accepting it.
 */
export function AddWebhookDialog({
  open,
  onClose,
  projectId,
  editing,
}: {
  open: boolean;
  onClose(): void;
  projectId: number;
  editing?: WebhookView;
}) {
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [format, setFormat] = useState<WebhookFormat>("discord");
  const [events, setEvents] = useState<WebhookEvent[]>(DEFAULT_EVENTS);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [secret, setSecret] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const create = trpc.webhooks.create.useMutation();
  const update = trpc.webhooks.update.useMutation();
  useEffect(() => {
    if (!open || !editing) return;
    setName(editing.name ?? "");
    setUrl("");
    setFormat(editing.format);
    setEvents(editing.events);
    setErrors({});
  }, [open, editing]);

  const close = () => {
    setName("");
    setUrl("");
    setEvents(DEFAULT_EVENTS);
    setErrors({});
    setSecret(null);
    onClose();
  };
  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((list) => (on ? [...list, event] : list.filter((e) => e !== event)));

  async function save(webhook: WebhookView) {
    const changes = { name, format, events, ...(url.trim() ? { url } : {}) };
    const checked = fieldErrors(updateWebhookBody, changes);
    if (!checked.ok) {
      const found = checked.errors;
      return setErrors({ url: found.url, events: found.events ? WEBHOOKS.eventsRequired : undefined });
    }
    setErrors({});
    try {
      await update.mutateAsync({ id: webhook.id, ...checked.data });
      await utils.webhooks.list.invalidate({ project_id: projectId });
      notify({ type: "success", title: UI.saved });
      close();
    } catch (err) {
      notify({ type: "error", title: UI.saveFailed, message: errorMessage(err, UI.saveFailed) });
    }
  }

  async function submit() {
    if (editing) return save(editing);
    const checked = fieldErrors(createWebhookBody, { name, url, format, events });
    if (!checked.ok) {
      const found = checked.errors;
      return setErrors({ url: found.url, events: found.events ? WEBHOOKS.eventsRequired : undefined });
    }
    setErrors({});
    try {
      const created = await create.mutateAsync({ project_id: projectId, ...checked.data });
      await utils.webhooks.list.invalidate({ project_id: projectId });
      notify({ type: "success", title: UI.created });
      setSecret(created.secret);
    } catch (err) {
      notify({ type: "error", title: UI.createFailed, message: errorMessage(err, UI.createFailed) });
    }
  }

  if (secret) {
    return (
      <DialogFrame
        open={open}
        onClose={close}
        title={UI.secretTitle}
        footer={
          <Button colorPalette="blue" onClick={close}>
            {FORMS_UI.done}
          </Button>
        }
      >
        <SecretShownOnce hint={UI.secretHint} value={secret} testId="webhook-secret" />
      </DialogFrame>
    );
  }

  return (
    <DialogFrame
      open={open}
      onClose={close}
      closeLabel={false}
      title={editing ? UI.editTitle : UI.addTitle}
      onSubmit={submit}
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            {FORMS_UI.cancel}
          </Button>
          <Button type="submit" colorPalette="green" loading={create.isPending || update.isPending}>
            {editing ? UI.save : UI.create}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <FormField label={UI.nameLabel} helper={UI.nameHint}>
          <Input value={name} placeholder={UI.namePlaceholder} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <FormField
          label={UI.urlLabel}
          required={!editing}
          error={errors.url}
          helper={editing ? UI.urlKeepHint(editing.url_masked) : UI.urlHint}
        >
          <Input
            type="url"
            fontFamily="mono"
            fontSize="sm"
            value={url}
            placeholder="https://"
            onChange={(e) => setUrl(e.target.value)}
          />
        </FormField>
        <Field.Root>
          <Field.Label>{UI.formatLabel}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={format} onChange={(e) => setFormat(e.target.value as WebhookFormat)}>
              {WEBHOOK_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {UI.formats[f]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {/* A fieldset, not a Field: a Field hands its one control id to every checkbox inside, so
            each label would point at the first box and a click would toggle only that one. */}
        <Fieldset.Root invalid={!!errors.events}>
          <Fieldset.Legend>{UI.eventsLabel}</Fieldset.Legend>
          <Stack gap="2" mt="1">
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox.Root
                key={event}
                checked={events.includes(event)}
                onCheckedChange={(e) => toggle(event, e.checked === true)}
                colorPalette="green"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{EVENT_LABELS[event]}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
          <Fieldset.ErrorText>{errors.events}</Fieldset.ErrorText>
        </Fieldset.Root>
      </Stack>
    </DialogFrame>
  );
}
