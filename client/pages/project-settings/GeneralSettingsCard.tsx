import { Button, Card, DataList, Field, Flex, Input, Text, Textarea } from "@chakra-ui/react";
import { usePermissions } from "@client/app/permissions";
import { fieldErrors } from "@client/components/form/validate";
import type { ProjectDetail } from "@client/lib/api-types";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { FORMS_UI } from "@client/messages/forms-ui";
import { PROJECTS_UI } from "@client/messages/projects-ui";
import { formatShortDate } from "@shared/format";
import { PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX } from "@shared/limits";
import { PROJECTS } from "@shared/messages/projects";
import { updateProjectBody } from "@shared/schemas/projects";
import { type FormEvent, useState } from "react";

/** A counter under a field: "12/100", red once over the limit. */
function Counter({ length, max }: { length: number; max: number }) {
  return (
    <Field.HelperText ms="auto" color={length > max ? "red.400" : "fg.subtle"} aria-live="polite">
      {length}/{max}
    </Field.HelperText>
  );
}

/** General Settings: name and description, and the read-only facts. */
export function GeneralSettingsCard({ project }: { project: ProjectDetail }) {
  const { allowed, reason } = usePermissions();
  // Roles that may not edit see the same facts, read-only and without a Save the server would refuse.
  const readOnly = !allowed("project.edit");
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description ?? "");
  const update = trpc.projects.update.useMutation({
    onSuccess: (saved) => {
      setName(saved.name);
      setDescription(saved.description ?? "");
      notify({ type: "success", title: PROJECTS.settingsUpdated });
    },
    onError: (err) =>
      notify({
        type: "error",
        title: PROJECTS.updateFailed,
        message: errorMessage(err, PROJECTS.updateFailed),
      }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (readOnly) return;
    const checked = fieldErrors(updateProjectBody, { name, description });
    if (!checked.ok) {
      const message = checked.errors.name ?? checked.errors.description ?? PROJECTS.nameRequired;
      notify({ type: "error", title: PROJECTS_UI.validationError, message });
      return;
    }
    update.mutate({ id: project.id, ...checked.data });
  };

  return (
    <Card.Root variant="outline" asChild>
      <form noValidate onSubmit={submit} aria-label={PROJECTS_UI.generalSettings}>
        <Card.Header>
          <Card.Title>{PROJECTS_UI.generalSettings}</Card.Title>
        </Card.Header>
        <Card.Body gap={5}>
          <Field.Root required readOnly={readOnly} invalid={name.length > PROJECT_NAME_MAX}>
            <Field.Label>
              {PROJECTS_UI.nameLabel} <Field.RequiredIndicator />
            </Field.Label>
            <Input value={name} maxLength={PROJECT_NAME_MAX} onChange={(e) => setName(e.target.value)} />
            <Counter length={name.length} max={PROJECT_NAME_MAX} />
          </Field.Root>
          <Field.Root readOnly={readOnly} invalid={description.length > PROJECT_DESCRIPTION_MAX}>
            <Field.Label>{PROJECTS_UI.projectDescription}</Field.Label>
            <Textarea
              rows={4}
              value={description}
              maxLength={PROJECT_DESCRIPTION_MAX}
              onChange={(e) => setDescription(e.target.value)}
            />
            <Counter length={description.length} max={PROJECT_DESCRIPTION_MAX} />
          </Field.Root>
          <DataList.Root orientation="horizontal" divideY="1px" gap={0}>
            {[
              [FORMS_UI.organization, project.org_name],
              [FORMS_UI.createdBy, project.created_by_name],
              [PROJECTS_UI.createdDate, formatShortDate(project.created_at)],
              [PROJECTS_UI.projectId, String(project.id)],
            ].map(([label, value]) => (
              <DataList.Item key={label} py={3}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Card.Body>
        <Card.Footer justifyContent="flex-end">
          {readOnly ? (
            <Text fontSize="sm" color="fg.muted" data-testid="settings-read-only">
              {reason("project.edit")}
            </Text>
          ) : (
            <Flex>
              <Button
                type="submit"
                colorPalette="blue"
                loading={update.isPending}
                loadingText={FORMS_UI.saving}
              >
                {FORMS_UI.saveChanges}
              </Button>
            </Flex>
          )}
        </Card.Footer>
      </form>
    </Card.Root>
  );
}
