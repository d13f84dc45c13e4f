import { LineIcon, type LineIconProps, lineIcon } from "./line-icon";
import { ICON_PATHS } from "./shell";

// The analytics screens' icons, drawn in the shared frame; the bar chart is the sidebar's picture.
export const RefreshIcon = lineIcon(
  <>
    <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8" />
    <path d="M4 3v5h5" />
    <path d="M4 13a8 8 0 0 0 14.6 4.5L20 16" />
    <path d="M20 21v-5h-5" />
  </>,
);
export const PlayersIcon = lineIcon(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.8-3.6 3.4-5.5 6.5-5.5s5.7 1.9 6.5 5.5" />
    <path d="M16 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c2 .7 3.2 2.4 3.5 5.2" />
  </>,
);
export const PeakIcon = lineIcon(<path d="M3 19l6-8 4 4 8-10M15 5h6v6" />);
export const TrophyIcon = lineIcon(
  <>
    <path d="M7 4h10v5a5 5 0 0 1-10 0V4z" />
    <path d="M7 6H4v1a3 3 0 0 0 3 3M17 6h3v1a3 3 0 0 1-3 3M12 14v4M8 20h8" />
  </>,
);
export const NewsIcon = lineIcon(
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M7 8h10M7 12h10M7 16h6" />
  </>,
);
export const ChartIcon = lineIcon(<path d={ICON_PATHS.analytics} />);

/** Growth as a picture that matches the figure: rising, falling or flat (data-trend names it). */
export const TREND_ICONS = {
  up: (p: LineIconProps) => (
    <LineIcon data-trend="up" {...p}>
      <path d="M3 17l6-6 4 4 8-8M15 7h6v6" />
    </LineIcon>
  ),
  down: (p: LineIconProps) => (
    <LineIcon data-trend="down" {...p}>
      <path d="M3 7l6 6 4-4 8 8M15 17h6v-6" />
    </LineIcon>
  ),
  stable: (p: LineIconProps) => (
    <LineIcon data-trend="stable" {...p}>
      <path d="M3 12h18M16 7l5 5-5 5" />
    </LineIcon>
  ),
} as const;
export const PercentIcon = lineIcon(
  <>
    <path d="M19 5L5 19" />
    <circle cx="7" cy="7" r="2.5" />
    <circle cx="17" cy="17" r="2.5" />
  </>,
);
export const DollarIcon = lineIcon(<path d="M12 2v20M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6" />);
export const WalletIcon = lineIcon(
  <>
    <rect x="3" y="6" width="18" height="14" rx="2" />
    <path d="M3 10h18M16 15h2M7 6l8-3 1.5 3" />
  </>,
);
export const BoxIcon = lineIcon(
  <>
    <path d="M21 8l-9-5-9 5v8l9 5 9-5V8z" />
    <path d="M3 8l9 5 9-5M12 13v8" />
  </>,
);
export const UserIcon = lineIcon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1-4 4.2-6 8-6s7 2 8 6" />
  </>,
);
export const SearchIcon = lineIcon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-4-4" />
  </>,
);
export const CheckIcon = lineIcon(<path d="M5 12l5 5 9-10" />);
export const AlertIcon = lineIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v6M12 16.5v.5" />
  </>,
);
export const SettingsIcon = lineIcon(
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1L7 17M17 7l2.1-2.1" />
  </>,
);
export const FlaskIcon = lineIcon(
  <path d="M9 3h6M10 3v6L4.5 19a1.5 1.5 0 0 0 1.3 2h12.4a1.5 1.5 0 0 0 1.3-2L14 9V3M7 15h10" />,
);
export const DatabaseIcon = lineIcon(
  <>
    <ellipse cx="12" cy="5.5" rx="8" ry="3" />
    <path d="M4 5.5v13c0 1.7 3.6 3 8 3s8-1.3 8-3v-13M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3" />
  </>,
);
export const DownloadIcon = lineIcon(<path d="M12 3v12M7 10l5 5 5-5M4 20h16" />);
export const WrenchIcon = lineIcon(
  <path d="M14.5 6.5a4 4 0 0 0 5 5L21 13a6 6 0 0 1-7.7 1.2L6 21.5a2 2 0 0 1-3-3l7.3-7.3A6 6 0 0 1 11.5 3.5l1.5 1.5" />,
);
export const ExternalIcon = lineIcon(
  <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />,
);
