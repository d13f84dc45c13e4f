import type { ReactNode, SVGProps } from "react";

// A handful of line icons drawn inline: the console ships no icon library, and these few keep the
// screen chunks small.
type IconProps = SVGProps<SVGSVGElement>;

function LineIcon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {children}
    </svg>
  );
}

export const SettingsIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </LineIcon>
);
export const ChartIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M3 3v18h18M7 15l4-4 3 3 6-6" />
  </LineIcon>
);
export const PlusIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M12 5v14M5 12h14" />
  </LineIcon>
);
export const SearchIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="m21 21-4.3-4.3" />
  </LineIcon>
);
export const ArrowLeftIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M19 12H5M12 19l-7-7 7-7" />
  </LineIcon>
);
export const EyeIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M1 12s4-8 11-8 11 8 11 8-4 8-11 8-11-8-11-8z" />
    <circle cx="12" cy="12" r="3" />
  </LineIcon>
);
export const PencilIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M17 3a2.8 2.8 0 1 1 4 4L7.5 20.5 2 22l1.5-5.5z" />
  </LineIcon>
);
export const KeyIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <circle cx="7.5" cy="15.5" r="4.5" />
    <path d="m10.7 12.3 9.8-9.8M17 6l3 3M15 8l2 2" />
  </LineIcon>
);
export const MailIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m22 7-10 6L2 7" />
  </LineIcon>
);
export const PowerIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M18.4 6.6a9 9 0 1 1-12.8 0M12 2v10" />
  </LineIcon>
);
export const TrashIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
  </LineIcon>
);
export const FolderIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
  </LineIcon>
);
export const LockIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </LineIcon>
);
export const ExternalIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M14 3h7v7M21 3l-9 9M19 14v5a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h5" />
  </LineIcon>
);
export const FilmIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <path d="M7 3v18M17 3v18M3 8h4M3 16h4M17 8h4M17 16h4" />
  </LineIcon>
);
