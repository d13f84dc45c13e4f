import { Checkbox, Field } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** Label, control, helper or error text: one layout for every console form. */
export function FormField(props: {
  label: string;
  error?: string;
  required?: boolean;
  helper?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(props.error)} required={props.required}>
      <Field.Label>
        {props.label}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      {props.children}
      {props.error ? (
        <Field.ErrorText>{props.error}</Field.ErrorText>
      ) : (
        props.helper && <Field.HelperText>{props.helper}</Field.HelperText>
      )}
    </Field.Root>
  );
}

/** A labelled checkbox bound to a boolean. */
export function CheckboxField(props: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <Checkbox.Root checked={props.checked} onCheckedChange={(e) => props.onChange(e.checked === true)}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{props.label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
