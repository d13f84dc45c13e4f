import { Box, Button, Card, EmptyState, SimpleGrid, Skeleton, SkeletonText } from "@chakra-ui/react";
import { useSession } from "@client/app/session";
import { FolderIcon, PlusIcon } from "@client/components/icons/common";
import { LoadFailed } from "@client/components/LoadFailed";
import { PageHeader } from "@client/components/PageHeader";
import { trpc } from "@client/lib/trpc";
import { FORMS_UI } from "@client/messages/forms-ui";
import { LOAD_FAILED } from "@client/messages/load-failed";
import { PROJECTS_UI } from "@client/messages/projects-ui";
import { useState } from "react";
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
      {canCreate && <CreateProjectDialog open={creating} onClose={() => setCreating(false)} />}
    </Box>
  );
}
