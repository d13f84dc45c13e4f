import { Button, Checkbox, Field, Input, NativeSelect, Stack } from "@chakra-ui/react";
import { DialogFrame } from "@client/components/DialogFrame";
import { errorMessage, errorStatus } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { FORMS_UI } from "@client/messages/forms-ui";
import { STREAMING_UI as UI } from "@client/messages/streaming-ui";
import { STREAMING } from "@shared/messages/streaming";
import { useState } from "react";
import {
  type DestinationFormErrors,
  type DestinationFormValues,
  emptyDestinationForm,
  validateDestination,
  withType,
} from "./destination-form";

export function AddDestinationDialog({
  open,
  onClose,
  projectId,
}: {
  open: boolean;
  onClose(): void;
  projectId: number;
}) {
  const [values, setValues] = useState<DestinationFormValues>(emptyDestinationForm);
  const [errors, setErrors] = useState<DestinationFormErrors>({});
  const create = trpc.streaming.createDestination.useMutation();

  const set = (patch: Partial<DestinationFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const close = () => {
    setValues(emptyDestinationForm());
    setErrors({});
    onClose();
  };

  async function submit() {
    const found = validateDestination(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await create.mutateAsync({
        name: values.name.trim(),
        type: values.type,
        rtmp_url: values.rtmp_url.trim(),
        stream_key: values.stream_key,
        autorestart: values.autorestart,
        project_id: projectId,
      });
      notify({
        type: "success",
        title: STREAMING.destinationCreatedTitle,
        message: STREAMING.destinationCreatedMessage,
      });
      close();
    } catch (err) {
      const message =
        errorStatus(err) === 403
          ? STREAMING.forbiddenCreateDestination
          : errorMessage(err, STREAMING.unexpectedError);
      notify({ type: "error", title: STREAMING.createDestinationFailed, message });
    }
  }

  return (
    <DialogFrame
      open={open}
      onClose={close}
      closeLabel={false}
      title={STREAMING.addDestinationTitle}
      onSubmit={submit}
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            {FORMS_UI.cancel}
          </Button>
          <Button type="submit" colorPalette="green" loading={create.isPending}>
            {UI.createDestination}
          </Button>
        </>
      }
    >
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
        <Field.Root>
          <Field.Label>{UI.typeLabel}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={values.type}
              onChange={(e) => setValues((v) => withType(v, e.target.value as DestinationFormValues["type"]))}
            >
              <option value="steam">{STREAMING.typeSteam}</option>
              <option value="custom">{STREAMING.typeCustom}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
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
        <Field.Root>
          <Field.Label>{UI.streamKeyLabel}</Field.Label>
          <Input
            type="password"
            autoComplete="off"
            value={values.stream_key}
            onChange={(e) => set({ stream_key: e.target.value })}
          />
          <Field.HelperText>{UI.streamKeyHint}</Field.HelperText>
        </Field.Root>
        <Checkbox.Root
          checked={values.autorestart}
          onCheckedChange={(e) => set({ autorestart: e.checked === true })}
          colorPalette="green"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{UI.autorestartLabel}</Checkbox.Label>
        </Checkbox.Root>
      </Stack>
    </DialogFrame>
  );
}
