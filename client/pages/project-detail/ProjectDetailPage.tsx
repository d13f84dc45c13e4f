import { Box, Button, Flex, Heading, HStack, Skeleton, Stack, Tabs, Text } from "@chakra-ui/react";
import { ChartIcon, FilmIcon, FolderIcon, SettingsIcon } from "@client/components/icons/common";
import { ProjectLoadFailed, ProjectNotFound } from "@client/components/project/ProjectNotFound";
import { useProjectIdFromPath } from "@client/components/project/useProjectId";
import { useProjectQuery } from "@client/components/project/useProjectQuery";
import { PROJECTS_UI } from "@client/messages/projects-ui";
import { SHELL } from "@client/messages/shell";
import { Link as RouterLink } from "react-router-dom";
import { AnalyticsTab } from "./AnalyticsTab";
import { MediaTab } from "./MediaTab";
import { OverviewTab } from "./OverviewTab";

type Tab = "overview" | "analytics" | "media";

/** The tab is the end of the path: /projects/{id}, …/analytics, …/media. */
const tabOf = (rest: string): Tab => (rest === "analytics" || rest === "media" ? rest : "overview");

/** /projects/{id}, /projects/{id}/analytics, /projects/{id}/media (docs/screens.md#project-detail). */
export default function ProjectDetailPage() {
  const { id, rest } = useProjectIdFromPath();
  const { project, loading, notFound, failed, retry, retrying } = useProjectQuery(id);
  const tab = tabOf(rest);

  if (loading) {
    return (
      <Box p={{ base: 4, md: 8 }} maxW="7xl" mx="auto" aria-busy="true">
        <Skeleton height="9" width="40%" mb={2} />
        <Skeleton height="5" width="20%" mb={8} />
        <Skeleton height="10" mb={6} />
        <Skeleton height="64" />
      </Box>
    );
  }
  if (failed) return <ProjectLoadFailed onRetry={retry} retrying={retrying} />;
  if (notFound || !project) return <ProjectNotFound actionLabel={SHELL.selectProjectTitle} />;

  const tabs: { value: Tab; label: string; to: string; icon: typeof FolderIcon }[] = [
    { value: "overview", label: PROJECTS_UI.tabOverview, to: `/projects/${id}`, icon: FolderIcon },
    { value: "analytics", label: PROJECTS_UI.analytics, to: `/projects/${id}/analytics`, icon: ChartIcon },
    { value: "media", label: PROJECTS_UI.tabMedia, to: `/projects/${id}/media`, icon: FilmIcon },
  ];

  return (
    <Box p={{ base: 4, md: 8 }} maxW="7xl" mx="auto">
      <Flex justify="space-between" align="start" gap={4} mb={6} wrap="wrap">
        <Stack gap={1}>
          <Heading size="2xl" letterSpacing="tight">
            {project.name}
          </Heading>
          <Text color="blue.300">{project.org_name}</Text>
        </Stack>
        <Button asChild variant="outline">
          <RouterLink to={`/projects/${id}/settings`}>
            <SettingsIcon /> {PROJECTS_UI.settings}
          </RouterLink>
        </Button>
      </Flex>
      <Tabs.Root value={tab} variant="line" mb={6}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value} asChild>
              <RouterLink to={t.to}>
                <HStack gap={2}>
                  <t.icon />
                  <span>{t.label}</span>
                </HStack>
              </RouterLink>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Tabs.Root>
      {tab === "overview" && <OverviewTab project={project} />}
      {tab === "analytics" && <AnalyticsTab projectId={id} />}
      {tab === "media" && <MediaTab projectId={id} />}
    </Box>
  );
}
