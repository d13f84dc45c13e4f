import { Button } from "@chakra-ui/react";
import { SCHEDULES_UI as UI } from "@client/messages/schedules-ui";
import type { Destination } from "@client/pages/streaming/types";
import { useState } from "react";
import { ScheduleDialog } from "./ScheduleDialog";

/** The card's Schedule button; the dialog loads the windows only while open. */
export function ScheduleButton({ destination }: { destination: Destination }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        aria-label={`${UI.button} ${destination.name}`}
      >
        {UI.button}
      </Button>
      {open && <ScheduleDialog destination={destination} onClose={() => setOpen(false)} />}
    </>
  );
}
