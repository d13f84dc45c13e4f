import { errorMessage } from "@client/lib/errors";
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
  // Any failure leaves nothing to show, so it reads as 'Project Not Found' too.
  const notFound = !valid || query.isError;
  return { project: query.data, loading: valid && query.isPending, notFound };
}
