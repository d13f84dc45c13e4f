import { Button, Stack, Text } from "@chakra-ui/react";
import { DialogFrame } from "@client/components/DialogFrame";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { FORMS_UI } from "@client/messages/forms-ui";
import { STREAMING_UI as UI } from "@client/messages/streaming-ui";
import { STREAMING } from "@shared/messages/streaming";
import { useEffect, useState } from "react";
import { DestinationFields } from "./DestinationFields";
import {
  caFileToSend,
  type DestinationFormErrors,
  type DestinationFormValues,
  destinationFormFrom,
  reconnectHoursToSend,
  validateDestination,
} from "./destination-form";
import type { Destination } from "./types";

/**
 * Changes a destination in place (a rotated Steam key, a new name or ingest), so its stream history
 * and uptime record stay with it. Saves through the same update the Auto-restart switch uses.
 */
export function EditDestinationDialog({
  destination,
  onClose,
}: {
  destination: Destination | null;
  onClose(): void;
}) {
  const [values, setValues] = useState<DestinationFormValues | null>(null);
  const [errors, setErrors] = useState<DestinationFormErrors>({});
  const update = trpc.streaming.updateDestination.useMutation();
  useEffect(() => {
    setValues(destination ? destinationFormFrom(destination) : null);
    setErrors({});
  }, [destination]);

  async function submit() {
    if (!destination || !values) return;
    const found = validateDestination(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await update.mutateAsync({
        id: destination.id,
        name: values.name.trim(),
        rtmp_url: values.rtmp_url.trim(),
        stream_key: values.stream_key,
        autorestart: values.autorestart,
        ca_file: caFileToSend(values),
        reconnect_hours: reconnectHoursToSend(values),
      });
      notify({ type: "success", title: UI.destinationSavedTitle, message: UI.destinationSavedMessage });
      onClose();
    } catch (err) {
      notify({
        type: "error",
        title: STREAMING.updateDestinationFailed,
        message: errorMessage(err, STREAMING.unexpectedError),
      });
    }
  }

  return (
    <DialogFrame
      open={destination !== null}
      onClose={onClose}
      closeLabel={false}
      title={UI.editDestinationTitle}
      onSubmit={submit}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {FORMS_UI.cancel}
          </Button>
          <Button type="submit" colorPalette="green" loading={update.isPending}>
            {UI.saveDestination}
          </Button>
        </>
      }
    >
      {destination && values && (
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            {UI.editKeepsHistory}
          </Text>
          <DestinationFields
            values={values}
            errors={errors}
            onChange={setValues}
            projectId={destination.project_id}
            typeLocked
          />
        </Stack>
      )}
    </DialogFrame>
  );
}
