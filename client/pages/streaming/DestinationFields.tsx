import { Button, Checkbox, Field, HStack, Input, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { errorMessage } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { STREAMING_UI as UI } from "@client/messages/streaming-ui";
import { STREAMING } from "@shared/messages/streaming";
import { type IngestCheck, TWITCH_RECONNECT_HOURS } from "@shared/schemas/streaming";
import { useState } from "react";
import {
  type DestinationFormErrors,
  type DestinationFormValues,
  isTwitchUrl,
  withType,
} from "./destination-form";

// The fields of Add Destination and Edit Destination, with "Check connection" on the typed address.

export function DestinationFields({
  values,
  errors,
  onChange,
  projectId,
  typeLocked = false,
}: {
  values: DestinationFormValues;
  errors: DestinationFormErrors;
  onChange(next: DestinationFormValues): void;
  projectId: number;
  /** Editing keeps the type: a destination's history reads as the type it was made with. */
  typeLocked?: boolean;
}) {
  const set = (patch: Partial<DestinationFormValues>) => onChange({ ...values, ...patch });
  const steam = values.type === "steam";
  return (
    <Stack gap="4">
      <Field.Root required invalid={!!errors.name}>
        <Field.Label>
          {UI.nameLabel} <Field.RequiredIndicator />
        </Field.Label>
        <Input
          value={values.name}
          placeholder={UI.namePlaceholder}
          onChange={(e) => set({ name: e.target.value })}
        />
        <Field.ErrorText>{errors.name}</Field.ErrorText>
      </Field.Root>
      <Field.Root disabled={typeLocked}>
        <Field.Label>{UI.typeLabel}</Field.Label>
        <NativeSelect.Root disabled={typeLocked}>
          <NativeSelect.Field
            value={values.type}
            onChange={(e) => onChange(withType(values, e.target.value as DestinationFormValues["type"]))}
          >
            <option value="steam">{STREAMING.typeSteam}</option>
            <option value="custom">{STREAMING.typeCustom}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {steam && (
        <Text fontSize="sm" color="fg.muted" data-testid="steam-where">
          {UI.steamWhere}
        </Text>
      )}
      <Field.Root required invalid={!!errors.rtmp_url}>
        <Field.Label>
          {UI.rtmpUrlLabel} <Field.RequiredIndicator />
        </Field.Label>
        <Input
          type="url"
          fontFamily="mono"
          fontSize="sm"
          value={values.rtmp_url}
          placeholder="rtmp://"
          onChange={(e) => set({ rtmp_url: e.target.value })}
        />
        <Field.ErrorText>{errors.rtmp_url}</Field.ErrorText>
      </Field.Root>
      <CheckConnection projectId={projectId} rtmpUrl={values.rtmp_url} />
      <Field.Root required={steam} invalid={!!errors.stream_key}>
        <Field.Label>
          {UI.streamKeyLabel} {steam && <Field.RequiredIndicator />}
        </Field.Label>
        <Input
          type="password"
          autoComplete="off"
          value={values.stream_key}
          onChange={(e) => set({ stream_key: e.target.value })}
        />
        {errors.stream_key ? (
          <Field.ErrorText>{errors.stream_key}</Field.ErrorText>
        ) : (
          <Field.HelperText>{steam ? UI.streamKeyHintSteam : UI.streamKeyHint}</Field.HelperText>
        )}
      </Field.Root>
      {!steam && <AdvancedFields values={values} errors={errors} set={set} />}
      <ReconnectField values={values} errors={errors} set={set} />
      <Stack gap="1">
        <Checkbox.Root
          checked={values.autorestart}
          onCheckedChange={(e) => set({ autorestart: e.checked === true })}
          colorPalette="green"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{UI.autorestartLabel}</Checkbox.Label>
        </Checkbox.Root>
        <Text fontSize="xs" color="fg.subtle" ps="7">
          {UI.autorestartHint}
        </Text>
      </Stack>
    </Stack>
  );
}

/** "Reconnect every N hours"; a Twitch address is offered 47 h in one click. */
function ReconnectField({
  values,
  errors,
  set,
}: {
  values: DestinationFormValues;
  errors: DestinationFormErrors;
  set(patch: Partial<DestinationFormValues>): void;
}) {
  const twitch = isTwitchUrl(values.rtmp_url);
  return (
    <Field.Root invalid={!!errors.reconnect_hours}>
      <Field.Label>{UI.reconnectLabel}</Field.Label>
      <HStack>
        <Input
          inputMode="numeric"
          maxW="32"
          value={values.reconnect_hours}
          placeholder={twitch ? String(TWITCH_RECONNECT_HOURS) : ""}
          onChange={(e) => set({ reconnect_hours: e.target.value })}
        />
        {twitch && values.reconnect_hours.trim() === "" && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => set({ reconnect_hours: String(TWITCH_RECONNECT_HOURS) })}
          >
            {UI.reconnectTwitchUse}
          </Button>
        )}
      </HStack>
      <Field.ErrorText>{errors.reconnect_hours}</Field.ErrorText>
      <Field.HelperText>{twitch ? UI.reconnectTwitchHint : UI.reconnectHint}</Field.HelperText>
    </Field.Root>
  );
}

/** Rarely needed settings of a custom destination, behind a toggle; open when one is already set. */
function AdvancedFields({
  values,
  errors,
  set,
}: {
  values: DestinationFormValues;
  errors: DestinationFormErrors;
  set(patch: Partial<DestinationFormValues>): void;
}) {
  const [open, setOpen] = useState(values.ca_file !== "");
  return (
    <Stack gap="2">
      <Button size="xs" variant="ghost" alignSelf="start" onClick={() => setOpen(!open)} aria-expanded={open}>
        {open ? UI.advancedHide : UI.advancedShow}
      </Button>
      {open && (
        <Field.Root invalid={!!errors.ca_file}>
          <Field.Label>{UI.caFileLabel}</Field.Label>
          <Input
            fontFamily="mono"
            fontSize="sm"
            value={values.ca_file}
            placeholder="/etc/ssl/private-ingest/ca.pem"
            onChange={(e) => set({ ca_file: e.target.value })}
          />
          {errors.ca_file ? (
            <Field.ErrorText>{errors.ca_file}</Field.ErrorText>
          ) : (
            <Field.HelperText>{UI.caFileHint}</Field.HelperText>
          )}
        </Field.Root>
      )}
    </Stack>
  );
}

/** A handshake with the typed ingest; the answer is a plain sentence beside the button. */
function CheckConnection({ projectId, rtmpUrl }: { projectId: number; rtmpUrl: string }) {
  const check = trpc.streaming.checkIngest.useMutation();
  const [result, setResult] = useState<{ url: string; check: IngestCheck } | null>(null);
  const run = async () => {
    try {
      const answer = await check.mutateAsync({ project_id: projectId, rtmp_url: rtmpUrl.trim() });
      setResult({ url: rtmpUrl, check: answer });
    } catch (err) {
      setResult({
        url: rtmpUrl,
        check: { ok: false, message: errorMessage(err, STREAMING.unexpectedError), ms: null },
      });
    }
  };
  // A result belongs to the address it was made for: typing another hides it.
  const shown = result && result.url === rtmpUrl ? result.check : null;
  return (
    <Stack gap="1" mt="-2">
      <HStack gap="3" wrap="wrap">
        <Button
          size="xs"
          variant="outline"
          onClick={run}
          loading={check.isPending}
          disabled={rtmpUrl.trim() === ""}
          title={UI.checkConnectionHint}
        >
          {UI.checkConnection}
        </Button>
        {!shown && (
          <Text fontSize="xs" color="fg.subtle">
            {UI.checkConnectionHint}
          </Text>
        )}
      </HStack>
      {shown && (
        <Text fontSize="sm" color={shown.ok ? "green.fg" : "red.fg"} role="status">
          {shown.message}
        </Text>
      )}
    </Stack>
  );
}
