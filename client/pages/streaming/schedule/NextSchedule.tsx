import { Text } from "@chakra-ui/react";
import { SCHEDULES_UI as UI } from "@client/messages/schedules-ui";
import type { NextScheduleChange } from "@shared/schemas/schedules";
import { localWhen } from "./schedule-format";

/** The card's line for the scheduler's next move, in the viewer's local time. */
export function NextSchedule({ next }: { next: NextScheduleChange | null | undefined }) {
  if (!next) return null;
  const when = localWhen(next.at);
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="next-schedule">
      {next.action === "start" ? UI.nextStart(when) : UI.nextStop(when)}
    </Text>
  );
}
