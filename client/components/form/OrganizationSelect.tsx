import { NativeSelect } from "@chakra-ui/react";
import { trpc } from "@client/lib/trpc";
import { FORMS_UI } from "@client/messages/forms-ui";

/**
 * A choice of organization, listed fresh whenever it is enabled (the create-project modal fetches
 * them as it opens). A failed list silently offers none; the first option is `placeholder`.
 */
export function OrganizationSelect(props: {
  value: string;
  onChange: (v: string) => void;
  enabled: boolean;
  placeholder?: string;
}) {
  const orgs = trpc.organizations.list.useQuery(undefined, {
    enabled: props.enabled,
    staleTime: 0,
  });
  return (
    <NativeSelect.Root>
      <NativeSelect.Field value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{props.placeholder ?? FORMS_UI.noOrganization}</option>
        {(orgs.data ?? []).map((o) => (
          <option key={o.id} value={String(o.id)}>
            {o.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
