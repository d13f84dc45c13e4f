import { Button, Card, Code, Flex, HStack, Input, Text } from "@chakra-ui/react";
import { CheckboxField, FormField } from "@client/components/form/FormField";
import { fieldErrors } from "@client/components/form/validate";
import type { OrganizationRow } from "@client/lib/api-types";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { FORMS_UI } from "@client/messages/forms-ui";
import { ORGANIZATIONS_UI } from "@client/messages/organizations-ui";
import { ORGANIZATIONS } from "@shared/messages/organizations";
import { organizationBody } from "@shared/schemas/organizations";
import { type FormEvent, useState } from "react";

/** The inline Create Organization / Edit form: name and an active checkbox. */
export function OrganizationForm(props: { organization: OrganizationRow | null; onDone: () => void }) {
  const editing = props.organization;
  const [name, setName] = useState(editing?.name ?? "");
  const [isActive, setIsActive] = useState(editing?.is_active ?? true);
  const [error, setError] = useState<string>();
  const done = (message: string) => {
    notify({ type: "success", title: message });
    props.onDone();
  };
  const fail = (fallback: string) => (err: unknown) =>
    notify({ type: "error", title: fallback, message: errorMessage(err, fallback) });
  const create = trpc.organizations.create.useMutation({
    onSuccess: () => done(ORGANIZATIONS.created),
    onError: fail(ORGANIZATIONS.createFailed),
  });
  const update = trpc.organizations.update.useMutation({
    onSuccess: () => done(ORGANIZATIONS.updated),
    onError: fail(ORGANIZATIONS.updateFailed),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = fieldErrors(organizationBody, { name, is_active: isActive });
    if (!checked.ok) return setError(checked.errors.name);
    if (editing) update.mutate({ id: editing.id, ...checked.data });
    else create.mutate(checked.data);
  };

  const title = editing ? ORGANIZATIONS_UI.editTitle : ORGANIZATIONS_UI.createTitle;
  return (
    <Card.Root variant="outline" borderColor="blue.500/40" asChild>
      <form noValidate onSubmit={submit} aria-label={title}>
        <Card.Header>
          <Card.Title>{title}</Card.Title>
        </Card.Header>
        <Card.Body>
          <Flex gap={6} align={{ base: "stretch", md: "end" }} direction={{ base: "column", md: "row" }}>
            <FormField label={ORGANIZATIONS_UI.nameLabel} required error={error}>
              <Input
                value={name}
                autoFocus
                placeholder={ORGANIZATIONS_UI.namePlaceholder}
                onChange={(e) => {
                  setName(e.target.value);
                  setError(undefined);
                }}
              />
            </FormField>
            <HStack flexShrink={0} pb={error ? 7 : 2}>
              <CheckboxField label={FORMS_UI.active} checked={isActive} onChange={setIsActive} />
            </HStack>
          </Flex>
          {editing && (
            <Text fontSize="sm" color="fg.muted" mt={3} data-testid="slug-note">
              {ORGANIZATIONS_UI.slug}: <Code>{editing.slug}</Code> · {ORGANIZATIONS_UI.slugStays}
            </Text>
          )}
        </Card.Body>
        <Card.Footer justifyContent="flex-end" gap={2}>
          <Button variant="outline" onClick={props.onDone}>
            {FORMS_UI.cancel}
          </Button>
          <Button
            type="submit"
            colorPalette="blue"
            loading={create.isPending || update.isPending}
            loadingText={FORMS_UI.saving}
          >
            {editing ? FORMS_UI.saveChanges : ORGANIZATIONS_UI.createTitle}
          </Button>
        </Card.Footer>
      </form>
    </Card.Root>
  );
}
