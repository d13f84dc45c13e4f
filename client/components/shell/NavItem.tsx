import { Badge, Flex, Text } from "@chakra-ui/react";
import { Icon } from "@client/components/icons/shell";
import { NavLink } from "react-router-dom";
import type { NavEntry } from "./nav-rules";

const row = {
  align: "center",
  gap: "3",
  px: "3",
  py: "2",
  rounded: "md",
  fontSize: "sm",
  fontWeight: "medium",
} as const;

/** One sidebar entry: a link, or a greyed-out row with its tag when disabled. */
export function NavItem({ entry, onNavigate }: { entry: NavEntry; onNavigate?: () => void }) {
  if (entry.disabled) {
    return (
      <Flex
        {...row}
        color="fg.subtle"
        cursor="not-allowed"
        aria-disabled="true"
        title={entry.title}
        role="link"
      >
        <Icon name={entry.icon} />
        <Text flex="1">{entry.label}</Text>
        {entry.tag && (
          <Badge size="xs" variant="subtle" colorPalette="gray">
            {entry.tag}
          </Badge>
        )}
      </Flex>
    );
  }
  return (
    <Flex
      asChild
      {...row}
      color="fg.muted"
      transition="background 0.15s, color 0.15s"
      _hover={{ bg: "bg.muted", color: "fg" }}
      _currentPage={{ bg: "blue.subtle", color: "blue.fg" }}
    >
      <NavLink to={entry.to} end={entry.end} title={entry.title} onClick={onNavigate}>
        <Icon name={entry.icon} />
        <Text flex="1">{entry.label}</Text>
      </NavLink>
    </Flex>
  );
}
