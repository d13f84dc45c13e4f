import { LineIcon, type LineIconProps } from "./line-icon";

// The shell's icons, one path each, stroked with the current text colour so they follow the item's
// state. They sit in the initial chunk, so lazy screens drawing the same picture reuse these paths.
export const ICON_PATHS = {
  overview: "M3 11 12 4l9 7M5 10v10h5v-6h4v6h5V10",
  analytics: "M4 20V10M10 20V4M16 20v-7M22 20H2",
  media: "M4 5h16v14H4zM4 9h16M8 5v4M16 5v4M10 12.5l4 2.5-4 2.5z",
  streaming:
    "M12 12h.01M8.5 8.5a5 5 0 0 0 0 7M15.5 8.5a5 5 0 0 1 0 7M5.6 5.6a9 9 0 0 0 0 12.8M18.4 5.6a9 9 0 0 1 0 12.8",
  submissions: "M4 13h4l2 3h4l2-3h4M4 13l2.5-8h11L20 13v6H4z",
  marketing: "M4 10v4h3l7 4V6L7 10zM18 9a4 4 0 0 1 0 6",
  users:
    "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.5M22 21a7 7 0 0 0-4.5-6.5",
  organizations: "M4 21V4h10v17M14 9h6v12M2 21h20M7 8h4M7 12h4M7 16h4M17 13h1M17 17h1",
  chevrons: "M8 9l4-4 4 4M8 15l4 4 4-4",
  menu: "M4 6h16M4 12h16M4 18h16",
  folder: "M3 6h6l2 2h10v11H3z",
  profile: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0",
  settings:
    "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9 7 7M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1",
  dashboard: "M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z",
  signOut: "M15 4h4v16h-4M10 8l-4 4 4 4M6 12h11",
  logo: "M4 7h11v10H4zM15 10l5-3v10l-5-3",
} as const;

export type IconName = keyof typeof ICON_PATHS;

export function Icon({ name, boxSize = "4", ...rest }: { name: IconName } & LineIconProps) {
  return (
    <LineIcon boxSize={boxSize} strokeWidth="1.8" {...rest}>
      <path d={ICON_PATHS[name]} />
    </LineIcon>
  );
}
