import { Box, Heading, Link, Text } from "@chakra-ui/react";
import { trpc } from "@client/lib/trpc";
import { SHELL } from "@client/messages/shell";
import LoginPage from "@client/pages/login/LoginPage";
import { lazy } from "react";
import { Navigate, type RouteObject, Link as RouterLink, useParams, useRoutes } from "react-router-dom";
import { AppLayout } from "./AppLayout";
import { useCurrentProject } from "./current-project";
import { RequireAuth } from "./RequireAuth";

// Every screen but sign-in is its own chunk, fetched on first visit: the initial download stays
// within budget however large the screens grow.
const DashboardPage = lazy(() => import("@client/pages/dashboard/DashboardPage"));
const StreamingPage = lazy(() => import("@client/pages/streaming/StreamingPage"));
const ProjectsPage = lazy(() => import("@client/pages/projects/ProjectsPage"));
const ProjectDetailPage = lazy(() => import("@client/pages/project-detail/ProjectDetailPage"));
const ProjectSettingsPage = lazy(() => import("@client/pages/project-settings/ProjectSettingsPage"));
const ProfilePage = lazy(() => import("@client/pages/profile/ProfilePage"));
const UsersPage = lazy(() => import("@client/pages/users/UsersPage"));
const OrganizationsPage = lazy(() => import("@client/pages/organizations/OrganizationsPage"));
const ComingSoonPage = lazy(() => import("@client/pages/coming-soon/ComingSoonPage"));

/**
 * / goes to the remembered project if the user can still read it, else to the list. A failed list
 * cannot tell, so the remembered project is tried (its page explains a failure).
 */
function IndexRedirect() {
  const { projectId } = useCurrentProject();
  const projects = trpc.projects.list.useQuery(undefined, { enabled: projectId !== null });
  if (projectId === null) return <Navigate to="/projects" replace />;
  if (projects.isPending) return null;
  const readable = projects.isError || projects.data.some((p) => p.id === projectId);
  return <Navigate to={readable ? `/projects/${projectId}` : "/projects"} replace />;
}

function AnalyticsRedirect() {
  const { projectId } = useParams();
  return <Navigate to={`/projects/${projectId}/analytics`} replace />;
}

function NotFound() {
  return (
    <Box p={6}>
      <Heading size="lg">{SHELL.notFoundTitle}</Heading>
      <Text color="fg.muted" mt="2">
        {SHELL.notFoundHint}{" "}
        <Link asChild colorPalette="blue">
          <RouterLink to="/projects">{SHELL.goToProjects}</RouterLink>
        </Link>
      </Text>
    </Box>
  );
}

/** The console's routes (docs/screens.md#routes). */
export const routes: RouteObject[] = [
  { path: "/login", element: <LoginPage /> },
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <IndexRedirect /> },
      { path: "dashboard", element: <DashboardPage /> },
      { path: "streaming", element: <StreamingPage /> },
      { path: "projects", element: <ProjectsPage /> },
      { path: "projects/:id", element: <ProjectDetailPage /> },
      { path: "projects/:id/analytics", element: <ProjectDetailPage /> },
      { path: "projects/:id/media", element: <ProjectDetailPage /> },
      { path: "projects/:id/settings", element: <ProjectSettingsPage /> },
      { path: "profile", element: <ProfilePage /> },
      { path: "users", element: <UsersPage /> },
      { path: "organizations", element: <OrganizationsPage /> },
      { path: "submissions", element: <ComingSoonPage title={SHELL.nav.submissions} /> },
      { path: "marketing", element: <ComingSoonPage title={SHELL.nav.marketing} /> },
      { path: "analytics/:projectId", element: <AnalyticsRedirect /> },
      { path: "analytics", element: <Navigate to="/projects" replace /> },
      { path: "*", element: <NotFound /> },
    ],
  },
];

/**
 * Declarative routing (BrowserRouter + useRoutes) rather than a data router: the console uses no
 * loaders or actions, and the data router would add ~18 KB gzip to the initial download.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
