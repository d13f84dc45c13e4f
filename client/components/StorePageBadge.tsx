import { Badge, Box, Stack, Text } from "@chakra-ui/react";
import { STORE_PAGE } from "@shared/messages/store-page";
import type { StorePageState, StorePageView } from "@shared/schemas/store-page";

/** Green on the page, blue while Steam is still picking it up, orange on another game's, red not shown. */
const COLORS: Record<StorePageState, string> = {
  on_store_page: "green",
  pushed: "blue",
  other_app: "orange",
  not_shown: "red",
  unknown: "gray",
};

export function storePageLabel(view: Pick<StorePageView, "state" | "app_title">): string {
  switch (view.state) {
    case "on_store_page":
      return STORE_PAGE.onStorePage;
    case "other_app":
      return view.app_title ? STORE_PAGE.otherApp(view.app_title) : STORE_PAGE.otherAppUnnamed;
    case "not_shown":
      return STORE_PAGE.notShown;
    case "pushed":
      return STORE_PAGE.pushed;
    default:
      return STORE_PAGE.unknown;
  }
}

/** Whether Steam shows the stream, as a badge; with `withReason`, the plain reason beneath it. */
export function StorePageBadge({ view, withReason }: { view: StorePageView; withReason?: boolean }) {
  if (!view.state) return null;
  const palette = COLORS[view.state];
  const badge = (
    <Badge
      colorPalette={palette}
      variant="outline"
      size="sm"
      borderRadius="full"
      maxW="100%"
      title={view.reason ?? undefined}
      data-testid={`store-page-${view.destination_id}`}
      data-state={view.state}
      data-palette={palette}
    >
      <Box as="span" aria-hidden w="1.5" h="1.5" borderRadius="full" bg={`${palette}.solid`} flexShrink={0} />
      <Text as="span" truncate>
        {storePageLabel(view)}
      </Text>
    </Badge>
  );
  if (!withReason || !view.reason) return badge;
  return (
    <Stack gap="1" align="flex-start">
      {badge}
      <Text fontSize="xs" color="fg.muted">
        {view.reason}
      </Text>
    </Stack>
  );
}
