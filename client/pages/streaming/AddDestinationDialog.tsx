import { Button } from "@chakra-ui/react";
import { DialogFrame } from "@client/components/DialogFrame";
import { errorMessage, errorStatus } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { FORMS_UI } from "@client/messages/forms-ui";
import { STREAMING_UI as UI } from "@client/messages/streaming-ui";
import { STREAMING } from "@shared/messages/streaming";
import { useState } from "react";
import { DestinationFields } from "./DestinationFields";
import {
  caFileToSend,
  type DestinationFormErrors,
  type DestinationFormValues,
  emptyDestinationForm,
  reconnectHoursToSend,
  validateDestination,
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
        ca_file: caFileToSend(values),
        reconnect_hours: reconnectHoursToSend(values),
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
      <DestinationFields values={values} errors={errors} onChange={setValues} projectId={projectId} />
    </DialogFrame>
  );
}
