import { Box, Field, Flex, Input, InputGroup, Spinner, Stack, Text } from "@chakra-ui/react";
import { SearchIcon } from "@client/components/icons/analytics";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { useDebounced } from "@client/lib/useDebounced";
import { STEAM_SETTINGS_UI as T } from "@client/messages/analytics-ui";
import { ANALYTICS } from "@shared/messages/analytics";
import {
  SEARCH_DEBOUNCE_MS,
  SEARCH_LIMIT,
  SEARCH_MIN_CHARS,
  type SteamSearchResult,
} from "@shared/schemas/analytics";
import { useEffect, useState } from "react";

/** The store's small capsule image, or a neutral tile when there is none or it fails to load. */
function Capsule({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <Box w="12" h="5" borderRadius="sm" overflow="hidden" flexShrink={0} bg="bg.emphasized">
      {src && !failed ? (
        <img
          src={src}
          alt=""
          width={48}
          height={20}
          style={{ objectFit: "cover" }}
          onError={() => setFailed(true)}
        />
      ) : null}
    </Box>
  );
}

/** Search-as-you-type over Steam's store (2+ characters, debounced), with a results dropdown. */
export function GameSearch({ onChoose }: { onChoose(game: SteamSearchResult): void }) {
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const term = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = term.length >= SEARCH_MIN_CHARS;
  const search = trpc.analytics.search.useQuery(
    { q: term, limit: SEARCH_LIMIT },
    { enabled, refetchOnWindowFocus: false, staleTime: 60_000 },
  );

  useEffect(() => {
    if (search.error) {
      notify({
        type: "error",
        title: ANALYTICS.searchFailedTitle,
        message: errorMessage(search.error, ANALYTICS.searchFailed),
      });
    }
  }, [search.error]);

  const results = enabled ? (search.data?.results ?? []) : [];
  const showDropdown =
    open && text.trim().length >= SEARCH_MIN_CHARS && enabled && (search.isFetching || search.isSuccess);

  function choose(game: SteamSearchResult) {
    onChoose(game);
    setText("");
    setOpen(false);
  }

  return (
    <Field.Root position="relative">
      <Field.Label>{T.searchLabel}</Field.Label>
      <InputGroup
        startElement={<SearchIcon boxSize="4" color="fg.muted" />}
        endElement={search.isFetching ? <Spinner size="xs" /> : null}
      >
        <Input
          role="combobox"
          aria-expanded={showDropdown}
          aria-controls="steam-search-results"
          placeholder={ANALYTICS.searchPlaceholder}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          // Let a click on a result land before the list closes.
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === "Escape") setOpen(false);
          }}
        />
      </InputGroup>
      <Field.HelperText>{T.searchHint}</Field.HelperText>
      {showDropdown ? (
        <Box
          id="steam-search-results"
          role="listbox"
          position="absolute"
          top="calc(100% - 1.25rem)"
          left="0"
          right="0"
          zIndex="dropdown"
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border.emphasized"
          borderRadius="lg"
          boxShadow="xl"
          maxH="72"
          overflowY="auto"
          py="1"
        >
          {results.length === 0 ? (
            <Text px="3" py="2" fontSize="sm" color="fg.muted">
              {search.isFetching ? "…" : T.noResults}
            </Text>
          ) : (
            <Stack gap="0">
              {results.map((game) => (
                <Flex
                  key={game.appId}
                  role="option"
                  aria-selected={false}
                  tabIndex={-1}
                  align="center"
                  gap="3"
                  px="3"
                  py="2"
                  cursor="pointer"
                  _hover={{ bg: "bg.muted" }}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(game)}
                >
                  <Capsule src={game.tinyImage} />
                  <Text flex="1" fontSize="sm" truncate>
                    {game.name}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                    {game.appId}
                  </Text>
                </Flex>
              ))}
            </Stack>
          )}
        </Box>
      ) : null}
    </Field.Root>
  );
}
