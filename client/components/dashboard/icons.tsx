import { Icon, type IconProps } from "@chakra-ui/react";
import type { ReactNode } from "react";

// Line icons for the dashboard's cards (no icon library is shipped), drawn like the rest of the console's.
function StrokeIcon({ shape, ...props }: IconProps & { shape: ReactNode }) {
  return (
    <Icon viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" {...props}>
      <svg aria-hidden="true" strokeLinecap="round" strokeLinejoin="round">
        {shape}
      </svg>
    </Icon>
  );
}

const stroke = (shape: ReactNode) => (props: IconProps) => <StrokeIcon shape={shape} {...props} />;

export const BroadcastIcon = stroke(
  <path d="M12 12h.01M8.5 8.5a5 5 0 0 0 0 7M15.5 8.5a5 5 0 0 1 0 7M5.6 5.6a9 9 0 0 0 0 12.8M18.4 5.6a9 9 0 0 1 0 12.8" />,
);
export const FolderIcon = stroke(<path d="M3 6h6l2 2h10v11H3z" />);
export const FilmIcon = stroke(<path d="M4 5h16v14H4zM4 9h16M8 5v4M16 5v4M10 12.5l4 2.5-4 2.5z" />);
export const ClockIcon = stroke(<path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2" />);
export const UsersIcon = stroke(
  <path d="M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.5M22 21a7 7 0 0 0-4.5-6.5" />,
);
export const BuildingIcon = stroke(<path d="M4 21V4h10v17M14 9h6v12M2 21h20M7 8h4M7 12h4M7 16h4" />);
export const CalendarIcon = stroke(<path d="M4 6h16v14H4zM4 10h16M8 3v4M16 3v4" />);
export const UploadIcon = stroke(<path d="M12 16V4M7 9l5-5 5 5M4 20h16" />);
export const WarningIcon = stroke(<path d="M12 3 2 20h20zM12 10v4M12 17h.01" />);
