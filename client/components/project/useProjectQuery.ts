import { errorMessage, errorStatus } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { PROJECTS_UI } from "@client/messages/projects-ui";
import { PROJECTS } from "@shared/messages/projects";
import { useEffect } from "react";

/**
 * One project by id for the detail and settings screens. A failed load shows the toast 'Error' with
 * the server's text, else 'Failed to load project details', once (docs/screens.md#project-detail).
 */
export function useProjectQuery(id: number) {
  const valid = Number.isInteger(id) && id > 0;
  const query = trpc.projects.get.useQuery({ id }, { enabled: valid });
  const error = query.error;
  useEffect(() => {
    if (error) {
      notify({
        type: "error",
        title: PROJECTS_UI.loadErrorTitle,
        message: errorMessage(error, PROJECTS.loadFailed),
      });
    }
  }, [error]);
  // Only the server's "no such project for you" is 'Project Not Found'; any other failure is a failed
  // load, with a Retry, for a project that may well exist.
  const status = errorStatus(error);
  const notFound = !valid || status === 404 || status === 403;
  const failed = valid && query.isError && !notFound;
  const retry = () => void query.refetch();
  return {
    project: query.data,
    loading: valid && query.isPending,
    notFound,
    failed,
    retry,
    retrying: query.isFetching,
  };
}
