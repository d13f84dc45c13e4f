import { Box, Button, Field, HStack, Input, Progress, Stack, Text } from "@chakra-ui/react";
import { DialogFrame } from "@client/components/DialogFrame";
import { notify } from "@client/lib/notify";
import { uploadResumable } from "@client/lib/resumable-upload";
import { trpc } from "@client/lib/trpc";
import { serverError, UploadAbortedError, type UploadHandle, type UploadProgress } from "@client/lib/upload";
import { DEFAULT_MEDIA_CONFIG, MEDIA } from "@shared/messages/media";
import { useRef, useState } from "react";
import { ImportFromLink } from "./ImportFromLink";

interface Row {
  key: number;
  name: string;
  progress: UploadProgress;
}

/**
 * 'Upload Media File' (docs/screens.md#project-detail): choose one or more videos or images, see the
 * limits, watch each file's progress, cancel for real. Files go up resumably: a dropped connection
 * carries on by itself, and picking the same file again after a reload continues where it stopped.
 * Each stored file reloads the list; once every file is stored the dialog closes and clears.
 */
export function UploadDialog(props: {
  projectId: number;
  open: boolean;
  onClose: () => void;
  onUploaded: () => void;
  /** How each file travels; the resumable (tus) upload unless a test puts another in. */
  send?: typeof uploadResumable;
}) {
  const config = trpc.media.config.useQuery();
  // When the config call fails, the default limits (1 GB, the usual types) stand in.
  const limits = config.data ?? DEFAULT_MEDIA_CONFIG;
  const [files, setFiles] = useState<File[]>([]);
  const [rows, setRows] = useState<Row[]>([]);
  const uploads = useRef(new Map<number, UploadHandle>());
  const nextKey = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const uploading = rows.length > 0;

  function reset() {
    setFiles([]);
    setRows([]);
    uploads.current = new Map();
    if (input.current) input.current.value = "";
  }

  function close() {
    // Cancel means cancel: every transfer stops and the server drops what it had received.
    for (const handle of uploads.current.values()) handle.abort();
    reset();
    props.onClose();
  }

  const progressOf = (key: number) => (progress: UploadProgress) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, progress } : r)));

  /** Sends one file; true when the server stored it. */
  async function send(file: File, key: number, running: Map<number, UploadHandle>): Promise<boolean> {
    const handle = (props.send ?? uploadResumable)(file, props.projectId, progressOf(key));
    running.set(key, handle);
    try {
      const res = await handle.done;
      if (uploads.current !== running) return false;
      if (res.status >= 200 && res.status < 300) {
        notify({ type: "success", title: MEDIA.uploadSuccess, message: file.name });
        props.onUploaded();
        return true;
      }
      notify({
        type: "error",
        title: MEDIA.uploadFailed,
        message: serverError(res.body) ?? MEDIA.uploadFailedFallback,
      });
    } catch (err) {
      if (err instanceof UploadAbortedError || uploads.current !== running) return false;
      notify({ type: "error", title: MEDIA.uploadFailed, message: MEDIA.uploadFailedFallback });
    } finally {
      if (uploads.current === running) {
        running.delete(key);
        setRows((all) => all.filter((r) => r.key !== key));
      }
    }
    return false;
  }

  async function start() {
    if (files.length === 0) {
      notify({ type: "warning", title: MEDIA.noFileTitle, message: MEDIA.noFileMessage });
      return;
    }
    const fitting = files.filter((file) => {
      if (file.size <= limits.maxFileSize) return true;
      // The server would refuse it too (413), but only after it was told the size.
      notify({
        type: "error",
        title: MEDIA.uploadFailed,
        message: MEDIA.tooLarge(limits.maxFileSizeFormatted),
      });
      return false;
    });
    const running = new Map<number, UploadHandle>();
    uploads.current = running;
    const batch = fitting.map((file) => ({ file, key: nextKey.current++ }));
    setRows(batch.map(({ file, key }) => ({ key, name: file.name, progress: progressStart(file) })));
    const stored = await Promise.all(batch.map(({ file, key }) => send(file, key, running)));
    if (uploads.current !== running) return;
    const left = files.filter((file) => !fitting.includes(file) || !stored[fitting.indexOf(file)]);
    if (left.length === 0) {
      reset();
      props.onClose();
      return;
    }
    // What was refused stays chosen, so Upload tries those files again (from their last stored byte).
    setFiles(left);
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
            multiple
            p={1}
            disabled={uploading}
            onChange={(e) => setFiles([...(e.currentTarget.files ?? [])])}
          />
          <Field.HelperText>{MEDIA.hint(video, image, limits.maxFileSizeFormatted)}</Field.HelperText>
        </Field.Root>
        {rows.map((row) => (
          <Box key={row.key} data-testid="upload-row">
            <Progress.Root value={row.progress.percent} max={100} size="sm" colorPalette="blue">
              <HStack justify="space-between" gap={3} mb={1}>
                <Progress.Label>{MEDIA.uploading}</Progress.Label>
                <Text fontSize="sm" color="fg.muted" truncate title={row.name}>
                  {row.name}
                </Text>
              </HStack>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
              <Progress.ValueText mt={1}>{`${row.progress.percent}%`}</Progress.ValueText>
            </Progress.Root>
            <Text fontSize="sm" color="fg.muted" mt={1}>
              {MEDIA.progressLoaded(row.progress.loaded, row.progress.total)}
            </Text>
          </Box>
        ))}
        {/* The server downloads a link itself; its imports run on after the dialog closes. */}
        <ImportFromLink projectId={props.projectId} onImported={props.onUploaded} />
      </Stack>
    </DialogFrame>
  );
}

const progressStart = (file: File): UploadProgress => ({ loaded: 0, total: file.size, percent: 0 });
