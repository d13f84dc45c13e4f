import {
  Alert,
  Button,
  Checkbox,
  Field,
  HStack,
  Input,
  NativeSelect,
  SegmentGroup,
  Stack,
  Text,
} from "@chakra-ui/react";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { SCHEDULES_UI as UI } from "@client/messages/schedules-ui";
import type { Destination } from "@client/pages/streaming/types";
import { STREAMING } from "@shared/messages/streaming";
import { SCHEDULE_DAYS, type ScheduleDay } from "@shared/schemas/schedules";
import { useState } from "react";
import { localInputToIso, timeZones } from "./schedule-format";

/** Event windows are announced in Pacific time, so a weekly window starts there. */
const DEFAULT_ZONE = "America/Los_Angeles";

function Labelled(props: { label: string; helper?: string; children: React.ReactNode }) {
  return (
    <Field.Root>
      <Field.Label>{props.label}</Field.Label>
      {props.children}
      {props.helper && <Field.HelperText>{props.helper}</Field.HelperText>}
    </Field.Root>
  );
}

/** Adds a one-off (the viewer's local date-times) or a weekly window (days, From-To in a time zone). */
export function AddWindowForm({
  destination,
  onAdded,
}: {
  destination: Destination;
  onAdded(): Promise<void>;
}) {
  const [kind, setKind] = useState<"once" | "weekly">("once");
  const [startsAt, setStartsAt] = useState("");
  const [endsAt, setEndsAt] = useState("");
  const [days, setDays] = useState<ScheduleDay[]>([]);
  const [from, setFrom] = useState("10:00");
  const [to, setTo] = useState("12:00");
  const [timezone, setTimezone] = useState(DEFAULT_ZONE);
  // "m:<id>" for a video, "p:<id>" for a playlist.
  const [source, setSource] = useState("");
  const [error, setError] = useState<string | null>(null);
  const media = trpc.media.list.useQuery({ projectId: destination.project_id });
  const create = trpc.schedules.create.useMutation();
  const lists = trpc.playlists.list.useQuery({ projectId: destination.project_id });
  const videos = (media.data ?? []).filter((m) => m.kind === "video");

  async function submit() {
    setError(null);
    const when =
      kind === "once"
        ? { starts_at: startsAt && localInputToIso(startsAt), ends_at: endsAt && localInputToIso(endsAt) }
        : { days, from, to, timezone };
    try {
      const id = Number(source.slice(2));
      const what = source.startsWith("m:")
        ? { media_id: id }
        : source.startsWith("p:")
          ? { playlist_id: id }
          : {};
      await create.mutateAsync({ destination_id: destination.id, ...what, ...when });
      notify({ type: "success", title: UI.added });
      await onAdded();
    } catch (err) {
      setError(errorMessage(err, STREAMING.unexpectedError));
    }
  }
  const toggle = (d: ScheduleDay, on: boolean) =>
    setDays((all) => SCHEDULE_DAYS.filter((x) => (x === d ? on : all.includes(x))));

  return (
    <Stack gap="4" borderTopWidth="1px" pt="4">
      <SegmentGroup.Root size="sm" value={kind} onValueChange={(e) => setKind(e.value as "once" | "weekly")}>
        <SegmentGroup.Indicator />
        <SegmentGroup.Items
          items={[
            { value: "once", label: UI.once },
            { value: "weekly", label: UI.weekly },
          ]}
        />
      </SegmentGroup.Root>
      {kind === "once" ? (
        <Stack direction={{ base: "column", sm: "row" }} gap="3">
          <Labelled label={UI.startsAt} helper={UI.localTimeHint}>
            <Input type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />
          </Labelled>
          <Labelled label={UI.endsAt}>
            <Input type="datetime-local" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />
          </Labelled>
        </Stack>
      ) : (
        <Stack gap="3">
          {/* Not a Field: a Field gives its one id to every checkbox inside it. */}
          <Stack gap="1.5" role="group" aria-label={UI.days}>
            <Text fontSize="sm" fontWeight="medium">
              {UI.days}
            </Text>
            <HStack gap="3" wrap="wrap">
              {SCHEDULE_DAYS.map((d) => (
                <Checkbox.Root
                  key={d}
                  size="sm"
                  checked={days.includes(d)}
                  onCheckedChange={(e) => toggle(d, e.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{UI.dayNames[d]}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </HStack>
          </Stack>
          <HStack gap="3" align="flex-start">
            <Labelled label={UI.from}>
              <Input type="time" value={from} onChange={(e) => setFrom(e.target.value)} />
            </Labelled>
            <Labelled label={UI.to}>
              <Input type="time" value={to} onChange={(e) => setTo(e.target.value)} />
            </Labelled>
          </HStack>
          <Labelled label={UI.timezone} helper={UI.overnightHint}>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                aria-label={UI.timezone}
                value={timezone}
                onChange={(e) => setTimezone(e.target.value)}
              >
                {timeZones().map((z) => (
                  <option key={z} value={z}>
                    {z}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Labelled>
        </Stack>
      )}
      <Labelled label={UI.media}>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            aria-label={UI.media}
            value={source}
            onChange={(e) => setSource(e.target.value)}
          >
            <option value="">{UI.chooseMedia}</option>
            {(lists.data ?? []).length > 0 && (
              <optgroup label={UI.playlists}>
                {(lists.data ?? []).map((p) => (
                  <option key={`p${p.id}`} value={`p:${p.id}`}>
                    {p.name}
                  </option>
                ))}
              </optgroup>
            )}
            <optgroup label={UI.videos}>
              {videos.map((m) => (
                <option key={`m${m.id}`} value={`m:${m.id}`}>
                  {m.original_name}
                </option>
              ))}
            </optgroup>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Labelled>
      {error && (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      <HStack justify="flex-end">
        <Button colorPalette="green" size="sm" onClick={() => void submit()} loading={create.isPending}>
          {UI.add}
        </Button>
      </HStack>
    </Stack>
  );
}
