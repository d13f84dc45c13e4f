import { Switch, Text } from "@chakra-ui/react";

/** A settings switch with its label and a hint line under it. */
export function Toggle({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange(on: boolean): void;
  disabled?: boolean;
}) {
  return (
    <Switch.Root
      checked={checked}
      onCheckedChange={(d) => onChange(d.checked)}
      disabled={disabled}
      colorPalette="teal"
      alignItems="flex-start"
      gap="3"
    >
      <Switch.HiddenInput />
      <Switch.Control mt="0.5">
        <Switch.Thumb />
      </Switch.Control>
      {/* Room between label and hint: the label's own tight line height pressed them together. */}
      <Switch.Label lineHeight="1.5">
        <Text as="span" display="block" fontWeight="medium">
          {label}
        </Text>
        <Text as="span" display="block" mt="1" fontSize="sm" color="fg.muted" fontWeight="normal">
          {hint}
        </Text>
      </Switch.Label>
    </Switch.Root>
  );
}
