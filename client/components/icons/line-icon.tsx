import { Icon, type IconProps } from "@chakra-ui/react";
import type { ReactNode } from "react";

// The one drawing frame of every console icon (no icon library is shipped): a 24×24 line drawing
// stroked with the text colour, sized by Chakra props (boxSize, color). The 1em attributes are only a
// fallback: any CSS size (a button's icon slot, a boxSize) wins over them.
export type LineIconProps = IconProps;

export function LineIcon({ children, ...props }: LineIconProps) {
  return (
    <Icon viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" {...props}>
      <svg width="1em" height="1em" strokeLinecap="round" strokeLinejoin="round">
        {children}
      </svg>
    </Icon>
  );
}

/** An icon component drawing `shape` in the shared frame. */
export const lineIcon = (shape: ReactNode) => (props: LineIconProps) => (
  <LineIcon {...props}>{shape}</LineIcon>
);
