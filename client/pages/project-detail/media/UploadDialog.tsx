import { Box, Button, Field, Input, Progress, Stack, Text } from "@chakra-ui/react";
import { DialogFrame } from "@client/components/DialogFrame";
import { notify } from "@client/lib/notify";
import { API_BASE, trpc } from "@client/lib/trpc";
import {
  serverError,
  UploadAbortedError,
  type UploadHandle,
  type UploadProgress,
  uploadForm,
} from "@client/lib/upload";
import { DEFAULT_MEDIA_CONFIG, MEDIA } from "@shared/messages/media";
import { useRef, useState } from "react";
import { ImportFromLink } from "./ImportFromLink";

/**
 * 'Upload Media File' (docs/screens.md#project-detail): choose a video or image, see the limits, watch
 * the progress, cancel for real. On success the parent reloads the list; the dialog closes and clears.
 */
export function UploadDialog(props: {
  projectId: number;
  open: boolean;
  onClose: () => void;
  onUploaded: () => void;
}) {
  const config = trpc.media.config.useQuery();
  // When the config call fails, the default limits (1 GB, the usual types) stand in.
  const limits = config.data ?? DEFAULT_MEDIA_CONFIG;
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const upload = useRef<UploadHandle | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const uploading = progress !== null;

  function reset() {
    setFile(null);
    setProgress(null);
    upload.current = null;
    if (input.current) input.current.value = "";
  }

  function close() {
    // Cancel means cancel: the transfer stops and the server drops what it had received.
    upload.current?.abort();
    reset();
    props.onClose();
  }

  async function start() {
    if (!file) {
      notify({ type: "warning", title: MEDIA.noFileTitle, message: MEDIA.noFileMessage });
      return;
    }
    if (file.size > limits.maxFileSize) {
      // The server would refuse it too (413), but only after the browser sent up to the limit.
      notify({
        type: "error",
        title: MEDIA.uploadFailed,
        message: MEDIA.tooLarge(limits.maxFileSizeFormatted),
      });
      return;
    }
    const form = new FormData();
    // projectId first, so the server can refuse a wrong project before the file arrives.
    form.append("projectId", String(props.projectId));
    form.append("media", file);
    setProgress({ loaded: 0, total: file.size, percent: 0 });
    const handle = uploadForm(`${API_BASE}/media/upload`, form, setProgress);
    upload.current = handle;
    try {
      const res = await handle.done;
      if (upload.current !== handle) return;
      if (res.status >= 200 && res.status < 300) {
        notify({ type: "success", title: MEDIA.uploadSuccess, message: file.name });
        props.onUploaded();
        reset();
        props.onClose();
        return;
      }
      notify({
        type: "error",
        title: MEDIA.uploadFailed,
        message: serverError(res.body) ?? MEDIA.uploadFailedFallback,
      });
    } catch (err) {
      if (err instanceof UploadAbortedError) return;
      notify({ type: "error", title: MEDIA.uploadFailed, message: MEDIA.uploadFailedFallback });
    }
    if (upload.current === handle) {
      upload.current = null;
      setProgress(null);
    }
  }

  const { video, image } = limits.supportedExtensions;
  return (
    <DialogFrame
      open={props.open}
      onClose={close}
      title={MEDIA.dialogTitle}
      closeLabel={MEDIA.cancel}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {MEDIA.cancel}
          </Button>
          <Button colorPalette="blue" loading={uploading} loadingText={MEDIA.uploading} onClick={start}>
            {MEDIA.upload}
          </Button>
        </>
      }
    >
      <Stack gap={4}>
        <Field.Root>
          <Field.Label>{MEDIA.fileLabel}</Field.Label>
          <Input
            ref={input}
            type="file"
            accept="video/*,image/*"
            p={1}
            disabled={uploading}
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
          <Field.HelperText>{MEDIA.hint(video, image, limits.maxFileSizeFormatted)}</Field.HelperText>
        </Field.Root>
        {progress && (
          <Box>
            <Progress.Root value={progress.percent} max={100} size="sm" colorPalette="blue">
              <Progress.Label mb={1}>{MEDIA.uploading}</Progress.Label>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
              <Progress.ValueText mt={1}>{`${progress.percent}%`}</Progress.ValueText>
            </Progress.Root>
            <Text fontSize="sm" color="fg.muted" mt={1}>
              {MEDIA.progressLoaded(progress.loaded, progress.total)}
            </Text>
          </Box>
        )}
        {/* The server downloads a link itself; its imports run on after the dialog closes. */}
        <ImportFromLink projectId={props.projectId} onImported={props.onUploaded} />
      </Stack>
    </DialogFrame>
  );
}
