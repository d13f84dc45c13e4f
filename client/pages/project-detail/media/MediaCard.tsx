import {
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Flex,
  HStack,
  IconButton,
  Image,
  Progress,
  Text,
} from "@chakra-ui/react";
import { API_BASE } from "@client/lib/trpc";
import { formatFileSize, formatPercent, formatShortDate } from "@shared/format";
import { MEDIA } from "@shared/messages/media";
import { MEDIA_LIBRARY } from "@shared/messages/media-library";
import { STEAM_RULES } from "@shared/messages/steam-rules";
import type { MediaItem } from "@shared/schemas/media";
import { EyeIcon, FileIcon, ImageIcon, TrashIcon, VideoIcon } from "./MediaIcons";

const kindIcon = (item: MediaItem) =>
  item.mime_type.startsWith("video/")
    ? VideoIcon
    : item.mime_type.startsWith("image/")
      ? ImageIcon
      : FileIcon;

/** One file of the media tab: preview or icon, name, size, badge, actions, uploader. */
export function MediaCard(props: {
  item: MediaItem;
  canDelete: boolean;
  onDelete: (item: MediaItem) => void;
  /** Picked for a delete of several (given only to roles that may delete). */
  selected?: boolean;
  onSelect?: (item: MediaItem, selected: boolean) => void;
}) {
  const { item, onSelect } = props;
  const Icon = kindIcon(item);
  return (
    <Card.Root
      size="sm"
      overflow="hidden"
      data-testid="media-card"
      borderColor={props.selected ? "blue.solid" : undefined}
    >
      <Box
        h="36"
        bg="bg.muted"
        display="flex"
        alignItems="center"
        justifyContent="center"
        color="fg.muted"
        position="relative"
      >
        {onSelect && (
          <Checkbox.Root
            position="absolute"
            top="2"
            left="2"
            bg="bg.panel"
            borderRadius="sm"
            colorPalette="blue"
            checked={props.selected === true}
            onCheckedChange={(e) => onSelect(item, e.checked === true)}
          >
            <Checkbox.HiddenInput aria-label={MEDIA_LIBRARY.selectLabel(item.original_name)} />
            <Checkbox.Control />
          </Checkbox.Root>
        )}
        {item.has_poster ? (
          // The poster taken at upload: a person recognises a clip by its picture, not its name.
          <Image src={`${API_BASE}/media/poster/${item.id}`} alt="" h="full" w="full" objectFit="cover" />
        ) : (
          <Icon boxSize="48px" />
        )}
      </Box>
      <Card.Body gap={2}>
        <Flex justify="space-between" align="start" gap={2}>
          <Text fontWeight="semibold" lineClamp={2} wordBreak="break-word" title={item.original_name}>
            {item.original_name}
          </Text>
          <Badge colorPalette={item.kind === "video" ? "purple" : "green"} flexShrink={0}>
            {item.kind === "video" ? MEDIA.videoBadge : MEDIA.imageBadge}
          </Badge>
        </Flex>
        <HStack gap={2}>
          <Text fontSize="sm" color="fg.muted">
            {formatFileSize(item.file_size)}
          </Text>
          {item.file_missing && (
            <Badge colorPalette="red" variant="outline">
              {MEDIA.fileMissingBadge}
            </Badge>
          )}
        </HStack>
        {item.kind === "video" && <SteamVerdict item={item} />}
        <Text fontSize="xs" color="fg.subtle">
          {MEDIA.uploadedBy(item.uploaded_by_name ?? MEDIA.unknownUploader, formatShortDate(item.created_at))}
        </Text>
      </Card.Body>
      <Card.Footer gap={2}>
        <Button asChild size="sm" variant="outline" flex="1">
          <a
            href={`${API_BASE}/media/stream/${item.id}`}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={MEDIA.viewLabel(item.original_name)}
          >
            <EyeIcon /> {MEDIA.view}
          </a>
        </Button>
        {props.canDelete && (
          <HStack>
            <IconButton
              size="sm"
              variant="outline"
              colorPalette="red"
              aria-label={MEDIA.deleteLabel(item.original_name)}
              onClick={() => props.onDelete(item)}
            >
              <TrashIcon />
            </IconButton>
          </HStack>
        )}
      </Card.Footer>
    </Card.Root>
  );
}

/**
 * Steam's verdict on a video: ready, or why it is converted once before it goes to Steam, and then
 * how that conversion goes (here, where the file was uploaded) until the copy is made.
 */
function SteamVerdict({ item }: { item: MediaItem }) {
  const prep = item.preparation;
  if (item.steam_ready || prep?.status === "done")
    return (
      <Badge
        colorPalette="green"
        variant="subtle"
        alignSelf="start"
        data-testid="steam-verdict"
        title={item.steam_ready ? undefined : STEAM_RULES.preparedHint}
      >
        {item.steam_ready ? STEAM_RULES.ready : STEAM_RULES.prepared}
      </Badge>
    );
  if (prep?.status === "running" || prep?.status === "pending")
    return (
      <Box fontSize="xs" color="fg.muted" data-testid="steam-verdict">
        <Text fontWeight="medium">{STEAM_RULES.preparing(formatPercent(prep.percent))}</Text>
        <Progress.Root value={prep.percent} size="xs" colorPalette="blue" mt="1">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Box>
    );
  return (
    <Box fontSize="xs" color="fg.muted" data-testid="steam-verdict">
      <Text fontWeight="medium">{STEAM_RULES.heading}</Text>
      {item.steam_reasons.map((r) => (
        <Text key={r}>• {r}</Text>
      ))}
      {prep?.status === "error" && (
        <Text color="red.fg" mt="1">
          {STEAM_RULES.preparationFailed}
        </Text>
      )}
    </Box>
  );
}
