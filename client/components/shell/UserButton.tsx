import { Box, Button, type ButtonProps, Circle, Text } from "@chakra-ui/react";
import { Icon } from "@client/components/icons/shell";
import { SHELL } from "@client/messages/shell";
import { initials } from "@shared/format";
import type { SessionUser } from "@shared/types";

export function UserAvatar({ name }: { name: string }) {
  return (
    <Circle size="8" bg="blue.solid" color="blue.contrast" fontSize="xs" fontWeight="bold" flexShrink={0}>
      {initials(name)}
    </Circle>
  );
}

/** The account menu's trigger: initials, name and email. Props pass through for Menu.Trigger. */
export function UserButton({ user, ...props }: { user: SessionUser } & ButtonProps) {
  return (
    <Button
      variant="ghost"
      width="full"
      height="auto"
      py="2"
      px="2"
      justifyContent="flex-start"
      aria-label={SHELL.userMenu}
      {...props}
    >
      <UserAvatar name={user.name} />
      <Box minW="0" textAlign="left" flex="1">
        <Text fontSize="sm" fontWeight="semibold" truncate>
          {user.name}
        </Text>
        <Text fontSize="xs" color="fg.muted" fontWeight="normal" truncate>
          {user.email}
        </Text>
      </Box>
      <Icon name="chevrons" color="fg.muted" />
    </Button>
  );
}
