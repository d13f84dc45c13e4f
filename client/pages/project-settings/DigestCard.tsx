import { Button, Card, Field, HStack, Input, Skeleton, Stack, Text } from "@chakra-ui/react";
import { usePermissions } from "@client/app/permissions";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { DIGEST_UI as UI } from "@client/messages/anomalies-ui";
import { useEffect, useState } from "react";
import { Toggle } from "./SettingsToggle";

/** The weekly digest's switch, time zone and "Send digest now", for managers and administrators. */
export function DigestCard({ projectId }: { projectId: number }) {
  const may = usePermissions().allowed("analytics.settings");
  const q = trpc.analytics.digestSettings.useQuery({ projectId }, { enabled: may });
  const utils = trpc.useUtils();
  const save = trpc.analytics.updateDigestSettings.useMutation();
  const send = trpc.analytics.sendDigest.useMutation();
  const [zone, setZone] = useState("");
  useEffect(() => setZone(q.data?.timeZone ?? ""), [q.data?.timeZone]);
  if (!may) return null;

  async function store(enabled: boolean, timeZone: string | null) {
    try {
      await save.mutateAsync({ projectId, enabled, timeZone });
      await utils.analytics.digestSettings.invalidate({ projectId });
      notify({ type: "success", title: UI.saved });
    } catch (err) {
      notify({ type: "error", title: UI.saveFailed, message: errorMessage(err, UI.saveFailed) });
    }
  }

  async function sendNow() {
    try {
      const answer = await send.mutateAsync({ projectId });
      notify({ type: "success", title: answer.message });
    } catch (err) {
      notify({ type: "error", title: UI.sendFailed, message: errorMessage(err, UI.sendFailed) });
    }
  }

  return (
    <Card.Root variant="outline" data-testid="digest-card">
      <Card.Header>
        <Card.Title>{UI.title}</Card.Title>
        <Card.Description>{UI.subtitle}</Card.Description>
      </Card.Header>
      <Card.Body gap="4">
        {q.isPending ? (
          <Skeleton height="16" />
        ) : q.isError ? (
          <Text color="fg.error">{UI.loadFailed}</Text>
        ) : (
          <Stack gap="4">
            <Toggle
              label={UI.toggle}
              hint={UI.toggleHint}
              checked={q.data.enabled}
              disabled={save.isPending}
              onChange={(on) => void store(on, q.data.timeZone)}
            />
            <Field.Root>
              <Field.Label>{UI.timeZone}</Field.Label>
              <HStack gap="2">
                <Input
                  size="sm"
                  maxW="64"
                  value={zone}
                  placeholder={UI.timeZonePlaceholder}
                  onChange={(e) => setZone(e.currentTarget.value)}
                />
                <Button
                  size="sm"
                  variant="outline"
                  loading={save.isPending}
                  onClick={() => void store(q.data.enabled, zone.trim() || null)}
                >
                  {UI.save}
                </Button>
              </HStack>
              <Field.HelperText>{UI.timeZoneHint(q.data.effectiveTimeZone)}</Field.HelperText>
            </Field.Root>
            <HStack justify="space-between" wrap="wrap" gap="3">
              <Text fontSize="sm" color="fg.muted">
                {q.data.lastSentWeek ? UI.lastSent(q.data.lastSentWeek) : UI.neverSent}
              </Text>
              <Button size="sm" colorPalette="teal" loading={send.isPending} onClick={() => void sendNow()}>
                {UI.sendNow}
              </Button>
            </HStack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
