import { Badge, Button, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { usePermissions } from "@client/app/permissions";
import { DialogFrame } from "@client/components/DialogFrame";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { SCHEDULES_UI as UI } from "@client/messages/schedules-ui";
import type { Destination } from "@client/pages/streaming/types";
import { STREAMING } from "@shared/messages/streaming";
import { AddWindowForm } from "./AddWindowForm";
import { describeWindow } from "./schedule-format";

/** A destination's broadcast windows: the list, deleting, and (for those who may) adding. */
export function ScheduleDialog({ destination, onClose }: { destination: Destination; onClose(): void }) {
  const { allowed } = usePermissions();
  const manage = allowed("schedule.manage");
  const utils = trpc.useUtils();
  const list = trpc.schedules.list.useQuery({ destinationId: destination.id });
  const remove = trpc.schedules.delete.useMutation();
  const refresh = async () => {
    await utils.schedules.list.invalidate({ destinationId: destination.id });
    await utils.streaming.destinations.invalidate({ projectId: destination.project_id });
  };
  async function onDelete(id: number) {
    try {
      await remove.mutateAsync({ id });
      notify({ type: "success", title: UI.deleted });
    } catch (err) {
      notify({
        type: "error",
        title: UI.deleteFailed,
        message: errorMessage(err, STREAMING.unexpectedError),
      });
    }
    await refresh();
  }
  const windows = list.data ?? [];
  const now = Date.now();
  const ended = (w: (typeof windows)[number]) => w.kind === "once" && w.ends_at !== null && w.ends_at <= now;
  return (
    <DialogFrame
      open
      onClose={onClose}
      title={UI.dialogTitle}
      subtitle={destination.name}
      size="lg"
      footer={
        <Button variant="ghost" onClick={onClose}>
          {UI.close}
        </Button>
      }
    >
      <Stack gap="5">
        {list.isLoading ? (
          <Spinner />
        ) : windows.length === 0 ? (
          <Text color="fg.muted">{UI.empty}</Text>
        ) : (
          <Stack gap="2" data-testid="schedule-windows">
            {windows.map((w) => (
              <HStack
                key={w.id}
                justify="space-between"
                gap="3"
                borderWidth="1px"
                borderRadius="md"
                px="4"
                py="3"
                bg="bg.subtle"
                opacity={ended(w) ? 0.65 : 1}
                data-ended={ended(w) || undefined}
              >
                <Stack gap="0.5" minW="0">
                  <HStack gap="2">
                    <Text fontSize="sm" fontWeight="medium">
                      {w.kind === "once" ? UI.once : UI.weekly}
                    </Text>
                    {ended(w) && (
                      <Badge size="sm" variant="outline">
                        {UI.ended}
                      </Badge>
                    )}
                  </HStack>
                  <Text fontSize="sm">{describeWindow(w)}</Text>
                  <Text fontSize="xs" color="fg.muted" truncate>
                    {w.media_name !== null
                      ? UI.video(w.media_name)
                      : w.playlist_name !== null
                        ? UI.playlist(w.playlist_name)
                        : ""}
                  </Text>
                </Stack>
                {manage && (
                  <Button
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    onClick={() => void onDelete(w.id)}
                    loading={remove.isPending && remove.variables?.id === w.id}
                  >
                    {UI.delete}
                  </Button>
                )}
              </HStack>
            ))}
          </Stack>
        )}
        {manage && <AddWindowForm destination={destination} onAdded={refresh} />}
      </Stack>
    </DialogFrame>
  );
}
