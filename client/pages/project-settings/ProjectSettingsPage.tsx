import { Box, Button, Heading, Skeleton, Stack, Text } from "@chakra-ui/react";
import { ArrowLeftIcon } from "@client/components/icons/common";
import { ProjectLoadFailed, ProjectNotFound } from "@client/components/project/ProjectNotFound";
import { useProjectIdFromPath } from "@client/components/project/useProjectId";
import { useProjectQuery } from "@client/components/project/useProjectQuery";
import { PROJECTS_UI } from "@client/messages/projects-ui";
import { Link as RouterLink } from "react-router-dom";
import { DigestCard } from "./DigestCard";
import { GeneralSettingsCard } from "./GeneralSettingsCard";
import { SteamAnalyticsCard } from "./SteamAnalyticsCard";
import { WebhooksCard } from "./WebhooksCard";

/** /projects/{id}/settings (docs/screens.md#project-settings). */
export default function ProjectSettingsPage() {
  const { id } = useProjectIdFromPath();
  const { project, loading, notFound, failed, retry, retrying } = useProjectQuery(id);

  if (loading) {
    return (
      <Box p={{ base: 4, md: 8 }} maxW="4xl" mx="auto" aria-busy="true" data-testid="settings-skeleton">
        <Skeleton height="5" width="30%" mb={4} />
        <Skeleton height="9" width="50%" mb={2} />
        <Skeleton height="5" width="25%" mb={8} />
        <Skeleton height="48" mb={6} />
        <Skeleton height="72" />
      </Box>
    );
  }
  if (failed) return <ProjectLoadFailed onRetry={retry} retrying={retrying} />;
  if (notFound || !project) return <ProjectNotFound actionLabel={PROJECTS_UI.backToProjects} />;

  return (
    <Box p={{ base: 4, md: 8 }} maxW="4xl" mx="auto">
      <Stack gap={1} mb={8}>
        <Button asChild variant="ghost" size="sm" alignSelf="start" ms={-3} color="fg.muted">
          <RouterLink to={`/projects/${project.id}`}>
            <ArrowLeftIcon /> {PROJECTS_UI.backToProject}
          </RouterLink>
        </Button>
        <Heading size="2xl" letterSpacing="tight">
          {project.name}
        </Heading>
        <Text color="blue.300">{project.org_name}</Text>
      </Stack>
      <Stack gap={6}>
        <SteamAnalyticsCard projectId={project.id} />
        <GeneralSettingsCard project={project} />
        <WebhooksCard projectId={project.id} />
        <DigestCard projectId={project.id} />
      </Stack>
    </Box>
  );
}
