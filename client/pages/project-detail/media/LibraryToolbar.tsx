import { Button, Flex, HStack, Input, NativeSelect, Text } from "@chakra-ui/react";
import {
  DEFAULT_ORDER,
  MEDIA_SORTS,
  type MediaSort,
  SORT_ORDERS,
  type SortOrder,
} from "@shared/media-library";
import { MEDIA_LIBRARY } from "@shared/messages/media-library";

export interface LibraryView {
  q: string;
  sort: MediaSort;
  order: SortOrder;
}

export const DEFAULT_VIEW: LibraryView = { q: "", sort: "date", order: DEFAULT_ORDER.date };

/** Search box, sort and order above the Media tab's files, and how many of them are shown. */
export function LibraryToolbar(props: {
  view: LibraryView;
  onChange: (view: LibraryView) => void;
  shown: number;
  total: number;
}) {
  const { view, onChange } = props;
  return (
    <Flex gap={3} wrap="wrap" align="center" mb={4} data-testid="media-toolbar">
      <Input
        flex={{ base: "1 1 100%", md: "1 1 16rem" }}
        maxW={{ md: "22rem" }}
        type="search"
        value={view.q}
        maxLength={100}
        placeholder={MEDIA_LIBRARY.searchPlaceholder}
        aria-label={MEDIA_LIBRARY.searchLabel}
        onChange={(e) => onChange({ ...view, q: e.target.value })}
      />
      <HStack gap={2} flex={{ base: "1 1 100%", md: "0 0 auto" }}>
        <NativeSelect.Root size="md" w={{ base: "full", md: "10rem" }}>
          <NativeSelect.Field
            aria-label={MEDIA_LIBRARY.sortLabel}
            value={view.sort}
            // A new sort starts in its natural direction: names A to Z, newest, largest, ready first.
            onChange={(e) => {
              const sort = e.target.value as MediaSort;
              onChange({ ...view, sort, order: DEFAULT_ORDER[sort] });
            }}
          >
            {MEDIA_SORTS.map((s) => (
              <option key={s} value={s}>
                {`${MEDIA_LIBRARY.sortLabel}: ${MEDIA_LIBRARY.sortNames[s]}`}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root size="md" w={{ base: "full", md: "9rem" }}>
          <NativeSelect.Field
            aria-label={MEDIA_LIBRARY.orderLabel}
            value={view.order}
            onChange={(e) => onChange({ ...view, order: e.target.value as SortOrder })}
          >
            {SORT_ORDERS.map((o) => (
              <option key={o} value={o}>
                {MEDIA_LIBRARY.orderNames[o]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <Text fontSize="sm" color="fg.muted" ms={{ md: "auto" }} data-testid="media-shown">
        {MEDIA_LIBRARY.shownOf(props.shown, props.total)}
      </Text>
    </Flex>
  );
}

/** The admin's bar while files are picked: how many, select all shown, clear, delete selected. */
export function SelectionBar(props: {
  count: number;
  allShownSelected: boolean;
  onSelectAllShown: () => void;
  onClear: () => void;
  onDelete: () => void;
}) {
  return (
    <Flex
      gap={2}
      wrap="wrap"
      align="center"
      mb={4}
      p={2}
      px={3}
      borderWidth="1px"
      borderRadius="md"
      bg="bg.subtle"
      data-testid="media-selection"
    >
      <Text fontSize="sm" fontWeight="medium" me="auto">
        {MEDIA_LIBRARY.selected(props.count)}
      </Text>
      {!props.allShownSelected && (
        <Button size="sm" variant="ghost" onClick={props.onSelectAllShown}>
          {MEDIA_LIBRARY.selectAllShown}
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={props.onClear}>
        {MEDIA_LIBRARY.clearSelection}
      </Button>
      <Button size="sm" colorPalette="red" onClick={props.onDelete}>
        {MEDIA_LIBRARY.deleteSelected}
      </Button>
    </Flex>
  );
}
