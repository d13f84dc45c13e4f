import {
  Alert,
  Box,
  Button,
  Card,
  EmptyState,
  HStack,
  SimpleGrid,
  Skeleton,
  SkeletonText,
} from "@chakra-ui/react";
import { useSession } from "@client/app/session";
import { FolderIcon, PlusIcon } from "@client/components/icons/common";
import { LoadFailed } from "@client/components/LoadFailed";
import { PageHeader } from "@client/components/PageHeader";
import { trpc } from "@client/lib/trpc";
import { FORMS_UI } from "@client/messages/forms-ui";
import { LOAD_FAILED } from "@client/messages/load-failed";
import { PROJECTS_UI } from "@client/messages/projects-ui";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { CreateProjectDialog } from "./CreateProjectDialog";
import { ProjectCard } from "./ProjectCard";

const GRID_COLUMNS = { base: 1, md: 2, lg: 3 };
// Four placeholder cards while loading; fixed keys, the cards never reorder.
const PLACEHOLDER_KEYS = ["p1", "p2", "p3", "p4"];

/** /projects: the projects the user can see (docs/screens.md#projects). */
export default function ProjectsPage() {
  const { user } = useSession();
  const canCreate = user?.canCreateProjects === true;
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ id: number; name: string } | null>(null);
  // A failed fetch lists nothing and says so with a Retry, never "create your first project": the
  // user may well have projects (docs/screens.md#projects).
  const projects = trpc.projects.list.useQuery();
  const list = Array.isArray(projects.data) ? projects.data : [];

  return (
    <Box p={{ base: 4, md: 8 }} maxW="7xl" mx="auto">
      <PageHeader
        title={FORMS_UI.projects}
        subtitle={PROJECTS_UI.subtitle}
        actions={
          canCreate && (
            <Button colorPalette="blue" onClick={() => setCreating(true)}>
              <PlusIcon /> {PROJECTS_UI.newProject}
            </Button>
          )
        }
      />
      {created && (
        <Alert.Root status="success" mb={5} flexWrap="wrap" rowGap={3} data-testid="project-created-next">
          <Alert.Indicator />
          <Alert.Content flex="1" minW="220px">
            <Alert.Title>{PROJECTS_UI.createdNextTitle(created.name)}</Alert.Title>
            <Alert.Description>{PROJECTS_UI.createdNextHint}</Alert.Description>
          </Alert.Content>
          <HStack gap={2} alignSelf="center" flexShrink={0} ms={{ base: 7, sm: 0 }}>
            <Button asChild size="sm" colorPalette="green">
              <RouterLink to={`/projects/${created.id}`}>{PROJECTS_UI.openNewProject}</RouterLink>
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setCreated(null)}>
              {PROJECTS_UI.dismiss}
            </Button>
          </HStack>
        </Alert.Root>
      )}
      {projects.isPending ? (
        <SimpleGrid columns={GRID_COLUMNS} gap={5} aria-busy="true">
          {PLACEHOLDER_KEYS.map((key) => (
            <Card.Root key={key} variant="outline" data-testid="project-placeholder">
              <Card.Body gap={4}>
                <Skeleton height="6" width="60%" />
                <SkeletonText noOfLines={3} />
                <Skeleton height="8" />
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      ) : projects.isError ? (
        <LoadFailed
          title={LOAD_FAILED.projects}
          onRetry={() => void projects.refetch()}
          retrying={projects.isFetching}
        />
      ) : list.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="l3" py={16}>
          <EmptyState.Content>
            <EmptyState.Indicator>
              <FolderIcon />
            </EmptyState.Indicator>
            <EmptyState.Title>{PROJECTS_UI.emptyTitle}</EmptyState.Title>
            <EmptyState.Description>
              {canCreate ? PROJECTS_UI.emptyCanCreate : PROJECTS_UI.emptyCannotCreate}
            </EmptyState.Description>
            {canCreate && (
              <Button colorPalette="blue" onClick={() => setCreating(true)}>
                {PROJECTS_UI.createFirst}
              </Button>
            )}
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <SimpleGrid columns={GRID_COLUMNS} gap={5}>
          {list.map((p) => (
            <ProjectCard key={p.id} project={p} />
          ))}
        </SimpleGrid>
      )}
      {canCreate && (
        <CreateProjectDialog open={creating} onClose={() => setCreating(false)} onCreated={setCreated} />
      )}
    </Box>
  );
}
