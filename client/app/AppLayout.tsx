import { Box, Flex, Heading, IconButton, Spinner } from "@chakra-ui/react";
import { Icon } from "@client/components/icons/shell";
import { ScreenErrorBoundary } from "@client/components/shell/ScreenErrorBoundary";
import { Sidebar } from "@client/components/shell/Sidebar";
import { SHELL } from "@client/messages/shell";
import { lazy, Suspense, useState } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { projectIdFromPath } from "./current-project";
import { useReadableCurrentProject } from "./readable-project";
import { useSession } from "./session";

const NavDrawer = lazy(() => import("@client/components/shell/NavDrawer"));
const SIDEBAR_WIDTH = "264px";

function ScreenLoading() {
  return (
    <Flex justify="center" align="center" py="24" aria-label={SHELL.loadingScreen}>
      <Spinner color="blue.fg" />
    </Flex>
  );
}

/** The signed-in frame: sidebar (a drawer on small screens) and the current screen. */
export function AppLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);

  // Visiting /projects/{id} (or one of its pages) makes that project the current one, if readable.
  const current = useReadableCurrentProject(projectIdFromPath(pathname));

  if (!user) return null;

  return (
    <Flex minH="100dvh" bg="bg">
      {/* The column stretches with the page (its panel colour reaches the bottom of a long screen);
          the navigation inside it stays in view. */}
      <Box
        as="aside"
        display={{ base: "none", md: "block" }}
        width={SIDEBAR_WIDTH}
        flexShrink={0}
        bg="bg.subtle"
        borderRightWidth="1px"
        borderColor="border.muted"
      >
        <Box position="sticky" top="0" height="100dvh">
          <Sidebar user={user} projectId={current} />
        </Box>
      </Box>

      <Flex direction="column" flex="1" minW="0">
        <Flex
          display={{ base: "flex", md: "none" }}
          align="center"
          gap="3"
          px="4"
          py="3"
          borderBottomWidth="1px"
          borderColor="border.muted"
          bg="bg.subtle"
        >
          <IconButton
            variant="ghost"
            size="sm"
            aria-label={SHELL.openMenu}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
          >
            <Icon name="menu" boxSize="5" />
          </IconButton>
          <Heading size="sm">{SHELL.productTitle}</Heading>
        </Flex>
        {/* Screens own their padding (their pages use p={6}). */}
        <Box as="main" flex="1" minW="0">
          <ScreenErrorBoundary resetKey={pathname}>
            <Suspense fallback={<ScreenLoading />}>
              <Outlet />
            </Suspense>
          </ScreenErrorBoundary>
        </Box>
      </Flex>

      {drawerUsed && (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} user={user} projectId={current} />
        </Suspense>
      )}
    </Flex>
  );
}
