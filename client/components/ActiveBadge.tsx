import { Badge } from "@chakra-ui/react";
import { FORMS_UI } from "@client/messages/forms-ui";

/** An account's or organization's state: Active in green, Inactive in grey. */
export const ActiveBadge = ({ active }: { active: boolean }) => (
  <Badge colorPalette={active ? "green" : "gray"} variant="surface">
    {active ? FORMS_UI.active : FORMS_UI.inactive}
  </Badge>
);
