import {
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  Separator,
  Spinner,
  Stack,
  Text,
} from "@chakra-ui/react";
import { useSession } from "@client/app/session";
import { PageHeader } from "@client/components/PageHeader";
import { ROLE_COLORS } from "@client/components/roleColors";
import { FORMS_UI } from "@client/messages/forms-ui";
import { PROFILE_UI } from "@client/messages/profile-ui";
import { initials } from "@shared/format";
import { ROLE_LABELS } from "@shared/roles";
import type { SessionUser } from "@shared/types";
import { type ReactNode, useState } from "react";
import { ApiTokensCard } from "./ApiTokensCard";
import { ChangeEmailForm } from "./ChangeEmailForm";
import { ChangeNameForm } from "./ChangeNameForm";
import { ChangePasswordForm } from "./ChangePasswordForm";

type Editing = "name" | "email" | "password" | null;

/** One line of Account Information: label, value, and the button that opens its inline form. */
function AccountRow(props: {
  label: string;
  value: ReactNode;
  action: string;
  open: boolean;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    <Box py={4}>
      <Flex justify="space-between" align="center" gap={4}>
        <Stack gap={0.5}>
          <Text fontSize="sm" color="fg.muted">
            {props.label}
          </Text>
          <Text fontWeight="medium">{props.value}</Text>
        </Stack>
        {!props.open && (
          <Button size="sm" variant="outline" onClick={props.onOpen}>
            {props.action}
          </Button>
        )}
      </Flex>
      {props.open && props.children}
    </Box>
  );
}

/** /profile: the signed-in user's own account (docs/screens.md#profile). */
export default function ProfilePage() {
  const { user, setUser } = useSession();
  const [editing, setEditing] = useState<Editing>(null);

  if (!user) {
    return (
      <Flex p={8} gap={3} align="center" color="fg.muted">
        <Spinner size="sm" />
        <Text>{PROFILE_UI.loadingUser}</Text>
      </Flex>
    );
  }

  // The name and email shown in the shell come from the session: update it with the server's answer.
  const changed = (next: SessionUser) => {
    setUser({ name: next.name, email: next.email });
    setEditing(null);
  };
  const close = () => setEditing(null);

  return (
    <Box p={{ base: 4, md: 8 }} maxW="3xl" mx="auto">
      <PageHeader title={PROFILE_UI.heading} subtitle={PROFILE_UI.subtitle} />
      <Stack gap={6}>
        <Card.Root variant="outline">
          <Card.Body>
            <Flex gap={5} align="center">
              <Avatar.Root size="2xl" colorPalette="blue">
                <Avatar.Fallback>{initials(user.name)}</Avatar.Fallback>
              </Avatar.Root>
              <Stack gap={1}>
                <Heading size="xl" data-testid="profile-name">
                  {user.name}
                </Heading>
                <Text color="fg.muted">{user.email}</Text>
                <Flex gap={2} align="center">
                  <Badge colorPalette={ROLE_COLORS[user.role]} variant="subtle">
                    {ROLE_LABELS[user.role]}
                  </Badge>
                  <Text fontSize="sm" color="fg.subtle">
                    {user.org_name ?? FORMS_UI.noOrganization}
                  </Text>
                </Flex>
              </Stack>
            </Flex>
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline">
          <Card.Header>
            <Card.Title>{PROFILE_UI.accountInfo}</Card.Title>
          </Card.Header>
          <Card.Body pt={0}>
            <AccountRow
              label={FORMS_UI.name}
              value={user.name}
              action={PROFILE_UI.changeName}
              open={editing === "name"}
              onOpen={() => setEditing("name")}
            >
              <ChangeNameForm onDone={changed} onCancel={close} />
            </AccountRow>
            <Separator />
            <AccountRow
              label={FORMS_UI.email}
              value={user.email}
              action={FORMS_UI.changeEmail}
              open={editing === "email"}
              onOpen={() => setEditing("email")}
            >
              <ChangeEmailForm onDone={changed} onCancel={close} />
            </AccountRow>
            <Separator />
            <AccountRow
              label={FORMS_UI.password}
              value={PROFILE_UI.maskedPassword}
              action={PROFILE_UI.changePassword}
              open={editing === "password"}
              onOpen={() => setEditing("password")}
            >
              <ChangePasswordForm onDone={close} onCancel={close} />
            </AccountRow>
          </Card.Body>
        </Card.Root>
        <ApiTokensCard />
      </Stack>
    </Box>
  );
}
