import { NativeSelect } from "@chakra-ui/react";
import { FORMS_UI } from "../../../shared/messages/forms-ui";
import { trpc } from "../../lib/trpc";

/** The organization of a user: any organization, or none. A failed list silently offers none. */
export function OrganizationSelect(props: {
  value: string;
  onChange: (v: string) => void;
  enabled: boolean;
}) {
  const orgs = trpc.organizations.list.useQuery(undefined, { enabled: props.enabled, retry: false });
  return (
    <NativeSelect.Root>
      <NativeSelect.Field value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{FORMS_UI.noOrganization}</option>
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
