import { Button, Card, Skeleton, Stack, Text } from "@chakra-ui/react";
import { usePermissions } from "@client/app/permissions";
import { trpc } from "@client/lib/trpc";
import { WEBHOOKS_UI as UI } from "@client/messages/webhooks-ui";
import { useState } from "react";
import { AddWebhookDialog } from "./AddWebhookDialog";
import { WebhookItem } from "./WebhookItem";

/** The Webhooks card of project settings, for managers and administrators only. */
export function WebhooksCard({ projectId }: { projectId: number }) {
  const { allowed } = usePermissions();
  const may = allowed("webhook.manage");
  const list = trpc.webhooks.list.useQuery({ project_id: projectId }, { enabled: may });
  const [adding, setAdding] = useState(false);
  if (!may) return null;

  return (
    <Card.Root variant="outline" data-testid="webhooks-card">
      <Card.Header>
        <Stack direction={{ base: "column", sm: "row" }} justify="space-between" gap="3">
          <Stack gap="1">
            <Card.Title>{UI.title}</Card.Title>
            <Card.Description>{UI.subtitle}</Card.Description>
          </Stack>
          <Button
            size="sm"
            colorPalette="green"
            alignSelf={{ base: "start", sm: "center" }}
            onClick={() => setAdding(true)}
          >
            {UI.add}
          </Button>
        </Stack>
      </Card.Header>
      <Card.Body gap="4">
        {list.isLoading ? (
          <Skeleton height="24" />
        ) : (list.data ?? []).length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            {UI.empty}
          </Text>
        ) : (
          (list.data ?? []).map((w) => <WebhookItem key={w.id} webhook={w} />)
        )}
      </Card.Body>
      <AddWebhookDialog open={adding} onClose={() => setAdding(false)} projectId={projectId} />
    </Card.Root>
  );
}
