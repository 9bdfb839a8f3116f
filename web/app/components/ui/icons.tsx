// Inline stroke icons (Lucide-style paths), so the app loads no icon font or image.
import type { SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function icon(paths: string[], displayName: string) {
  const Icon = ({ size = 20, ...props }: IconProps) => (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" {...props}>
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
  Icon.displayName = displayName;
  return Icon;
}

export const HomeIcon = icon(["M3 10.5 12 3l9 7.5", "M5 9.5V21h14V9.5", "M10 21v-6h4v6"], "HomeIcon");
export const TasksIcon = icon(["M9 11l3 3 8-8", "M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h9"], "TasksIcon");
export const UsersIcon = icon(["M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2", "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z", "M22 21v-2a4 4 0 0 0-3-3.87", "M16 3.13a4 4 0 0 1 0 7.75"], "UsersIcon");
export const TrophyIcon = icon(["M6 9H4.5a2.5 2.5 0 0 1 0-5H6", "M18 9h1.5a2.5 2.5 0 0 0 0-5H18", "M4 22h16", "M10 14.66V17c0 .55-.47.98-.97 1.21C7.85 18.75 7 20.24 7 22", "M14 14.66V17c0 .55.47.98.97 1.21C16.15 18.75 17 20.24 17 22", "M18 2H6v7a6 6 0 0 0 12 0V2z"], "TrophyIcon");
export const WalletIcon = icon(["M20 12V8H6a2 2 0 0 1 0-4h12v4", "M4 6v12a2 2 0 0 0 2 2h14v-4", "M18 12a2 2 0 0 0 0 4h4v-4z"], "WalletIcon");
export const FlameIcon = icon(["M8.5 14.5A2.5 2.5 0 0 0 11 12c0-1.38-.5-2-1-3-1.07-2.14-.22-4.05 2-6 .5 2.5 2 4.9 4 6.5 2 1.6 3 3.5 3 5.5a7 7 0 1 1-14 0c0-1.15.43-2.29 1-3a2.5 2.5 0 0 0 2.5 2.5z"], "FlameIcon");
export const CopyIcon = icon(["M8 8h12v12H8z", "M4 16V4h12"], "CopyIcon");
export const ShareIcon = icon(["M4 12v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8", "M16 6l-4-4-4 4", "M12 2v13"], "ShareIcon");
export const QrIcon = icon(["M3 3h7v7H3z", "M14 3h7v7h-7z", "M3 14h7v7H3z", "M14 14h3v3h-3z", "M20 14v.01", "M14 20h.01", "M17 20h4v-3"], "QrIcon");
export const InfoIcon = icon(["M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z", "M12 16v-4", "M12 8h.01"], "InfoIcon");
export const CheckIcon = icon(["M20 6 9 17l-5-5"], "CheckIcon");
export const ExternalIcon = icon(["M15 3h6v6", "M10 14 21 3", "M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6"], "ExternalIcon");
export const CalendarIcon = icon(["M8 2v4", "M16 2v4", "M3 10h18", "M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z", "M9 16l2 2 4-4"], "CalendarIcon");
export const MegaphoneIcon = icon(["M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1z", "M15.5 8.5a5 5 0 0 1 0 7", "M18.5 5.5a9 9 0 0 1 0 13"], "MegaphoneIcon");
export const StarIcon = icon(["M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z"], "StarIcon");
export const ClockIcon = icon(["M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z", "M12 6v6l4 2"], "ClockIcon");
export const ArrowUpRightIcon = icon(["M7 17 17 7", "M7 7h10v10"], "ArrowUpRightIcon");
export const ArrowDownLeftIcon = icon(["M17 7 7 17", "M17 17H7V7"], "ArrowDownLeftIcon");
export const AlertIcon = icon(["M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0z", "M12 9v4", "M12 17h.01"], "AlertIcon");
export const GiftIcon = icon(["M20 12v10H4V12", "M2 7h20v5H2z", "M12 22V7", "M12 7H7.5a2.5 2.5 0 0 1 0-5C11 2 12 7 12 7z", "M12 7h4.5a2.5 2.5 0 0 0 0-5C13 2 12 7 12 7z"], "GiftIcon");
export const CrownIcon = icon(["M2 18h20", "M3 7l4 5 5-8 5 8 4-5-2 11H5z"], "CrownIcon");
export const SendIcon = icon(["M22 2 11 13", "M22 2 15 22l-4-9-9-4z"], "SendIcon");
export const XIcon = icon(["M18 6 6 18", "M6 6l12 12"], "XIcon");
