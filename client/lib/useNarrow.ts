import { useMediaQuery } from "@chakra-ui/react";

/**
 * Below Chakra's `md` breakpoint (48em, 768 px) wide tables turn into one card per row, so every
 * column and every action stays on screen. Read on the first render (no server rendering here).
 */
export function useNarrow(): boolean {
  const [wide] = useMediaQuery(["(min-width: 48em)"], { ssr: false });
  return !wide;
}
