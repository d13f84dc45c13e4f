import { chakra } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** One pickable row of the Select Media dialog (a video or a playlist); the one on air is outlined green. */
export function ChoiceButton(props: {
  current: boolean;
  busy: boolean;
  onPick(): void;
  children: ReactNode;
}) {
  return (
    <chakra.button
      type="button"
      textAlign="left"
      borderWidth="1px"
      borderColor={props.current ? "green.700" : "border"}
      borderRadius="md"
      px="4"
      py="3"
      bg="bg.subtle"
      _hover={{ bg: "bg.muted", borderColor: "green.600" }}
      opacity={props.busy ? 0.6 : 1}
      disabled={props.busy}
      onClick={props.onPick}
    >
      {props.children}
    </chakra.button>
  );
}
