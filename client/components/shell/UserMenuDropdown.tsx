import { Badge, Box, Menu, Portal } from "@chakra-ui/react";
import { useSession } from "@client/app/session";
import { Icon } from "@client/components/icons/shell";
import { SHELL } from "@client/messages/shell";
import type { SessionUser } from "@shared/types";
import { useNavigate } from "react-router-dom";
import { UserButton } from "./UserButton";

/**
 * The account menu: Profile, Settings (soon), System Dashboard (admins), Sign Out. Its own chunk:
 * the menu machinery is not needed to paint the shell.
 */
export default function UserMenuDropdown({
  user,
  onNavigate,
}: {
  user: SessionUser;
  onNavigate?: () => void;
}) {
  const navigate = useNavigate();
  const { signOut } = useSession();

  const onSelect = async (value: string) => {
    onNavigate?.();
    if (value === "profile") navigate("/profile");
    else if (value === "dashboard") navigate("/dashboard");
    else if (value === "sign-out") {
      await signOut();
      navigate("/login", { replace: true });
    }
  };

  return (
    <Menu.Root
      positioning={{ placement: "top-start", sameWidth: true }}
      onSelect={(d) => void onSelect(d.value)}
    >
      <Menu.Trigger asChild>
        <UserButton user={user} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="profile">
              <Icon name="profile" />
              <Box flex="1">{SHELL.nav.profile}</Box>
            </Menu.Item>
            <Menu.Item value="settings" disabled>
              <Icon name="settings" />
              <Box flex="1">{SHELL.nav.settings}</Box>
              <Badge size="xs" variant="subtle">
                {SHELL.soonTag}
              </Badge>
            </Menu.Item>
            {user.role === "admin" && (
              <Menu.Item value="dashboard">
                <Icon name="dashboard" />
                <Box flex="1">{SHELL.nav.systemDashboard}</Box>
              </Menu.Item>
            )}
            <Menu.Separator />
            <Menu.Item value="sign-out" color="fg.error" _highlighted={{ bg: "bg.error", color: "fg.error" }}>
              <Icon name="signOut" />
              <Box flex="1">{SHELL.signOut}</Box>
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
