import { Box, Button, EmptyState, Flex, Heading, Stack, Text, VStack } from "@chakra-ui/react";
import { useCurrentProject } from "@client/app/current-project";
import { usePermissions } from "@client/app/permissions";
import { useSession } from "@client/app/session";
import { trpc } from "@client/lib/trpc";
import { STREAMING_UI as UI } from "@client/messages/streaming-ui";
import { STREAMING } from "@shared/messages/streaming";
import { useState } from "react";
import { AddDestinationDialog } from "./AddDestinationDialog";
import { StreamingWorkspace } from "./StreamingWorkspace";

/** /streaming: everything hangs off the current project (docs/screens.md#streaming). */
export default function StreamingPage() {
  const { user } = useSession();
  const { projectId } = useCurrentProject();
  const projects = trpc.projects.list.useQuery();
  const [adding, setAdding] = useState(false);
  const { allowed, reason } = usePermissions();
  const mayAdd = allowed("destination.manage");
  const project = projects.data?.find((p) => p.id === projectId);
  // A remembered id the user can no longer see counts as no project once the list has arrived.
  const selected = projectId !== null && (project !== undefined || projects.isPending) ? projectId : null;

  return (
    <Box p={{ base: 4, md: 8 }} maxW="7xl" mx="auto">
      <Flex justify="space-between" align={{ base: "flex-start", md: "center" }} gap="4" mb="8" wrap="wrap">
        <Stack gap="1">
          <Heading size="2xl" letterSpacing="tight">
            {STREAMING.title}
          </Heading>
          {project && <Text color="fg.muted">{STREAMING.managingFor(project.name)}</Text>}
        </Stack>
        {/* A disabled button gets no pointer events, so the reason sits on a wrapper. */}
        <Box title={mayAdd ? undefined : reason("destination.manage")} data-testid="add-destination-wrap">
          <Button
            colorPalette="green"
            onClick={() => setAdding(true)}
            disabled={selected === null || !mayAdd}
          >
            {STREAMING.addDestination}
          </Button>
        </Box>
      </Flex>

      {selected === null ? (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="xl" bg="bg.panel" py="16">
          <EmptyState.Content>
            <VStack textAlign="center">
              <EmptyState.Title>{STREAMING.noProjectTitle}</EmptyState.Title>
              <EmptyState.Description>{UI.noProjectHint}</EmptyState.Description>
            </VStack>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <>
          <StreamingWorkspace
            projectId={selected}
            projectName={project?.name ?? ""}
            isAdmin={user?.role === "admin"}
            onAddDestination={() => setAdding(true)}
          />
          <AddDestinationDialog open={adding} onClose={() => setAdding(false)} projectId={selected} />
        </>
      )}
    </Box>
  );
}
