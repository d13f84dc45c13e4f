import { lineIcon } from "@client/components/icons/line-icon";
import { ICON_PATHS } from "@client/components/icons/shell";

// The dashboard's card icons: the pictures the sidebar already draws come from the shell's paths.
export const BroadcastIcon = lineIcon(<path d={ICON_PATHS.streaming} />);
export const FolderIcon = lineIcon(<path d={ICON_PATHS.folder} />);
export const FilmIcon = lineIcon(<path d={ICON_PATHS.media} />);
export const UsersIcon = lineIcon(<path d={ICON_PATHS.users} />);
export const ClockIcon = lineIcon(<path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2" />);
export const BuildingIcon = lineIcon(<path d="M4 21V4h10v17M14 9h6v12M2 21h20M7 8h4M7 12h4M7 16h4" />);
export const CalendarIcon = lineIcon(<path d="M4 6h16v14H4zM4 10h16M8 3v4M16 3v4" />);
export const UploadIcon = lineIcon(<path d="M12 16V4M7 9l5-5 5 5M4 20h16" />);
export const WarningIcon = lineIcon(<path d="M12 3 2 20h20zM12 10v4M12 17h.01" />);
