import { Input, InputGroup } from "@chakra-ui/react";
import { SearchIcon } from "@client/components/icons/common";

export function SearchInput(props: {
  value: string;
  placeholder: string;
  label: string;
  onChange: (v: string) => void;
}) {
  return (
    <InputGroup startElement={<SearchIcon />} flex="1" minW="16rem">
      <Input
        type="search"
        aria-label={props.label}
        placeholder={props.placeholder}
        value={props.value}
        maxLength={100}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </InputGroup>
  );
}
