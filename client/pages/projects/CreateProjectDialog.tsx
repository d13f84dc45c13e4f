import { Input, Textarea } from "@chakra-ui/react";
import { FormDialog } from "@client/components/form/FormDialog";
import { FormField } from "@client/components/form/FormField";
import { OrganizationSelect } from "@client/components/form/OrganizationSelect";
import { type FieldErrors, fieldErrors } from "@client/components/form/validate";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { FORMS_UI } from "@client/messages/forms-ui";
import { PROJECTS_UI } from "@client/messages/projects-ui";
import { PROJECTS } from "@shared/messages/projects";
import { createProjectInput } from "@shared/schemas/projects";
import { appIdFromStoreUrl } from "@shared/steam-store-url";
import { useState } from "react";

const EMPTY = { name: "", description: "", url: "", org_id: "" };

/** 'Create New Project': name and organization required, URL checked if given (docs/screens.md#projects). */
export function CreateProjectDialog(props: {
  open: boolean;
  onClose: () => void;
  /** The project just made, so the page can offer the next step. */
  onCreated?: (project: { id: number; name: string }) => void;
}) {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Closing, by Cancel or by creating, forgets the input: the next opening starts empty.
  const close = () => {
    setForm(EMPTY);
    setErrors({});
    props.onClose();
  };
  const create = trpc.projects.create.useMutation({
    onSuccess: (project) => {
      // The new project is on top of the list: it was refetched (newest first) before this runs.
      notify({ type: "success", title: PROJECTS.created, message: PROJECTS.createdMessage });
      close();
      props.onCreated?.({ id: project.id, name: project.name });
    },
    onError: (err) => {
      notify({
        type: "error",
        title: PROJECTS.createFailed,
        message: errorMessage(err, PROJECTS.unexpected),
      });
    },
  });

  const set = (key: keyof typeof EMPTY) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = () => {
    const checked = fieldErrors(createProjectInput, form);
    if (!checked.ok) return setErrors(checked.errors);
    create.mutate(form);
  };

  return (
    <FormDialog
      open={props.open}
      title={PROJECTS_UI.createTitle}
      submitLabel={PROJECTS_UI.createSubmit}
      busy={create.isPending}
      busyLabel={PROJECTS_UI.creating}
      onSubmit={submit}
      onClose={close}
    >
      <FormField label={PROJECTS_UI.nameLabel} required error={errors.name}>
        <Input
          value={form.name}
          placeholder={PROJECTS_UI.namePlaceholder}
          onChange={(e) => set("name")(e.target.value)}
        />
      </FormField>
      <FormField label={PROJECTS_UI.descriptionLabel} error={errors.description}>
        <Textarea
          value={form.description}
          rows={3}
          placeholder={PROJECTS_UI.descriptionPlaceholder}
          onChange={(e) => set("description")(e.target.value)}
        />
      </FormField>
      <FormField label={PROJECTS_UI.urlLabel} error={errors.url} helper={urlHelper(form.url)}>
        <Input
          type="url"
          value={form.url}
          placeholder="https://"
          onChange={(e) => set("url")(e.target.value)}
        />
      </FormField>
      <FormField label={FORMS_UI.organization} required error={errors.org_id}>
        {/* Organizations are fetched when the modal opens, so a new one shows without a reload. */}
        <OrganizationSelect
          value={form.org_id}
          onChange={set("org_id")}
          enabled={props.open}
          placeholder={PROJECTS_UI.selectOrg}
        />
      </FormField>
    </FormDialog>
  );
}

/** Said under the URL when it is a Steam store page: its App ID is kept for analytics. */
function urlHelper(url: string) {
  const appId = appIdFromStoreUrl(url);
  return appId === null ? undefined : PROJECTS_UI.appIdFromUrl(appId);
}
