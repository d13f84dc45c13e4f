import { NativeSelect } from "@chakra-ui/react";
import { ROLE_LABELS, ROLES, type Role } from "@shared/roles";

export function RoleSelect(props: { value: Role; onChange: (v: Role) => void }) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field value={props.value} onChange={(e) => props.onChange(e.target.value as Role)}>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
