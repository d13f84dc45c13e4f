import { Box, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { Icon } from "@client/components/icons/shell";
import { SHELL } from "@client/messages/shell";
import type { SessionUser } from "@shared/types";
import { Link as RouterLink } from "react-router-dom";
import { NavItem } from "./NavItem";
import { adminNav, generalNav, type NavEntry, projectNav } from "./nav-rules";
import { ProjectSwitcher } from "./ProjectSwitcher";
import { UserMenu } from "./UserMenu";

function NavSection({
  label,
  entries,
  onNavigate,
}: {
  label: string;
  entries: NavEntry[];
  onNavigate?: () => void;
}) {
  if (entries.length === 0) return null;
  return (
    <Box as="nav" aria-label={label}>
      <Text
        px="3"
        mb="1"
        fontSize="xs"
        fontWeight="semibold"
        color="fg.subtle"
        textTransform="uppercase"
        letterSpacing="wider"
      >
        {label}
      </Text>
      <Stack gap="0.5">
        {entries.map((e) => (
          <NavItem key={e.to} entry={e} onNavigate={onNavigate} />
        ))}
      </Stack>
    </Box>
  );
}

/** The shell's sidebar: title, project switcher, navigation by section, and the account menu. */
export function Sidebar({
  user,
  projectId,
  onNavigate,
}: {
  user: SessionUser;
  projectId: number | null;
  /** Called after any navigation (the mobile drawer closes itself with it). */
  onNavigate?: () => void;
}) {
  return (
    <Flex direction="column" height="full" gap="5" px="3" py="4">
      <Flex asChild align="center" gap="2" px="2" color="fg">
        <RouterLink to="/" onClick={onNavigate}>
          <Flex
            boxSize="8"
            rounded="lg"
            bg="blue.solid"
            color="blue.contrast"
            align="center"
            justify="center"
          >
            <Icon name="logo" boxSize="5" />
          </Flex>
          <Heading as="span" size="md" fontWeight="bold" letterSpacing="tight">
            {SHELL.productTitle}
          </Heading>
        </RouterLink>
      </Flex>
      <ProjectSwitcher onNavigate={onNavigate} />
      <Stack gap="5" flex="1" overflowY="auto">
        <NavSection label={SHELL.sections.project} entries={projectNav(projectId)} onNavigate={onNavigate} />
        <NavSection label={SHELL.sections.general} entries={generalNav(projectId)} onNavigate={onNavigate} />
        <NavSection
          label={SHELL.sections.admin}
          entries={adminNav(user.role === "admin")}
          onNavigate={onNavigate}
        />
      </Stack>
      <Box borderTopWidth="1px" borderColor="border.muted" pt="3">
        <UserMenu user={user} onNavigate={onNavigate} />
      </Box>
    </Flex>
  );
}
