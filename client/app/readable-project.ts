import { trpc } from "@client/lib/trpc";
import { useEffect } from "react";
import { useCurrentProject } from "./current-project";

/**
 * The current project, checked against the projects the user can read (the same list the switcher
 * shows). Only a readable project becomes current: visiting /projects/{id} of a missing or another
 * organization's project leaves the current one as it was, and a stored id that is no longer
 * readable is dropped. Until the list has arrived, or when it fails, nothing is written: a load
 * failure says nothing about access.
 */
export function useReadableCurrentProject(visited: number | null): number | null {
  const { projectId, setProjectId } = useCurrentProject();
  const projects = trpc.projects.list.useQuery();
  const list = projects.data;
  const readable = (id: number | null) => id !== null && (list?.some((p) => p.id === id) ?? false);
  const visitedOk = readable(visited);
  const storedOk = readable(projectId);

  useEffect(() => {
    if (list === undefined) return;
    if (visitedOk) setProjectId(visited);
    else if (projectId !== null && !storedOk) setProjectId(null);
  }, [list, visited, visitedOk, projectId, storedOk, setProjectId]);

  if (list === undefined) return projectId;
  return visitedOk ? visited : storedOk ? projectId : null;
}
