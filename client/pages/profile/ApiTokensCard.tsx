import { Badge, Box, Button, Card, Code, Flex, Link, Skeleton, Stack, Text } from "@chakra-ui/react";
import { ConfirmDialog } from "@client/components/ConfirmDialog";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { API_TOKENS_UI as UI } from "@client/messages/api-tokens-ui";
import { formatDateTime } from "@shared/format";
import type { ApiTokenView } from "@shared/schemas/api-tokens";
import { useState } from "react";
import { CreateTokenDialog } from "./CreateTokenDialog";

function TokenRow({ token, onRevoke }: { token: ApiTokenView; onRevoke(): void }) {
  const expired = token.expires_at !== null && token.expires_at <= Date.now();
  const expiry =
    token.expires_at === null
      ? UI.neverExpires
      : (expired ? UI.expiredOn : UI.expiresOn)(formatDateTime(token.expires_at));
  const used = token.last_used_at === null ? UI.neverUsed : UI.lastUsed(formatDateTime(token.last_used_at));
  return (
    <Box py={4} data-testid={`api-token-${token.id}`}>
      <Flex justify="space-between" align="center" gap={4}>
        <Stack gap={1} minW={0}>
          <Flex gap={2} align="center" wrap="wrap">
            <Text fontWeight="medium">{token.name}</Text>
            <Code fontSize="xs">{token.prefix}…</Code>
            {expired && (
              <Badge colorPalette="red" variant="subtle">
                {UI.expired}
              </Badge>
            )}
          </Flex>
          <Text fontSize="sm" color="fg.muted">
            {UI.createdOn(formatDateTime(token.created_at))} · {expiry} · {used}
          </Text>
        </Stack>
        <Button size="sm" variant="outline" colorPalette="red" onClick={onRevoke}>
          {UI.revoke}
        </Button>
      </Flex>
    </Box>
  );
}

/** The Profile's API tokens: list, create (shown once), revoke. */
export function ApiTokensCard() {
  const list = trpc.tokens.list.useQuery();
  const utils = trpc.useUtils();
  const revoke = trpc.tokens.revoke.useMutation();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiTokenView | null>(null);

  async function confirmRevoke() {
    if (!revoking) return;
    try {
      await revoke.mutateAsync({ id: revoking.id });
      notify({ type: "success", title: UI.revoked });
    } catch (err) {
      notify({ type: "error", title: UI.revokeFailed, message: errorMessage(err, UI.revokeFailed) });
    }
    setRevoking(null);
    await utils.tokens.list.invalidate();
  }

  const tokens = list.data ?? [];
  return (
    <Card.Root variant="outline" data-testid="api-tokens-card">
      <Card.Header>
        <Flex
          justify="space-between"
          align={{ base: "start", sm: "center" }}
          gap={4}
          direction={{ base: "column", sm: "row" }}
        >
          <Stack gap={1}>
            <Card.Title>{UI.title}</Card.Title>
            <Card.Description>{UI.subtitle}</Card.Description>
            {/* Served by the console itself, so it opens without internet. */}
            <Text fontSize="sm" color="fg.muted">
              <Link
                href="/api/docs"
                target="_blank"
                rel="noopener"
                color="blue.fg"
                data-testid="api-docs-link"
              >
                {UI.docsLink}
              </Link>
              {` · ${UI.docsHint}`}
            </Text>
          </Stack>
          <Button size="sm" variant="outline" onClick={() => setCreating(true)}>
            {UI.create}
          </Button>
        </Flex>
      </Card.Header>
      <Card.Body pt={0}>
        {list.isLoading ? (
          <Skeleton height="16" />
        ) : tokens.length === 0 ? (
          <Text color="fg.muted" fontSize="sm" py={4}>
            {UI.empty}
          </Text>
        ) : (
          <Stack gap={0} separator={<Box borderTopWidth="1px" />}>
            {tokens.map((t) => (
              <TokenRow key={t.id} token={t} onRevoke={() => setRevoking(t)} />
            ))}
          </Stack>
        )}
      </Card.Body>
      <CreateTokenDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title={UI.revokeTitle}
        message={UI.revokeMessage(revoking?.name ?? "")}
        note={UI.revokeNote}
        confirmLabel={UI.revoke}
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </Card.Root>
  );
}
