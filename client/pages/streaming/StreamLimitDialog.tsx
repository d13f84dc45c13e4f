import { Button, Stack, Text } from "@chakra-ui/react";
import { DialogFrame } from "@client/components/DialogFrame";
import { STREAMING } from "@shared/messages/streaming";

export interface StreamLimit {
  /** The server's error text. */
  message: string;
  currentStreams: number;
  maxStreams: number | null;
}

/** What a start refused for the stream limit (429) opens: the current and maximum count. */
export function StreamLimitDialog({ limit, onClose }: { limit: StreamLimit | null; onClose(): void }) {
  return (
    <DialogFrame
      open={limit !== null}
      onClose={onClose}
      role="alertdialog"
      closeLabel={false}
      title={STREAMING.limitTitle}
      contentProps={{ borderTopWidth: "3px", borderTopColor: "orange.500" }}
      footer={
        <Button colorPalette="orange" onClick={onClose}>
          {STREAMING.limitButton}
        </Button>
      }
    >
      {limit && (
        <Stack gap="2">
          <Text>{limit.message}</Text>
          <Text fontFamily="mono" fontSize="sm" color="orange.300">
            {STREAMING.limitCurrent(limit.currentStreams, limit.maxStreams ?? "∞")}
          </Text>
          <Text color="fg.muted">{STREAMING.limitAdvice}</Text>
        </Stack>
      )}
    </DialogFrame>
  );
}
