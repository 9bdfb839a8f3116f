// A link that leaves the app: a real anchor (so it can be long-pressed and inspected), opened
// through Telegram inside the mini app.
import type { ReactNode } from "react";
import { isInsideTelegram } from "./bridge.ts";
import { openLink } from "./links.ts";

export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      onClick={(event) => {
        if (!isInsideTelegram()) return;
        event.preventDefault();
        openLink(href);
      }}
    >
      {children}
    </a>
  );
}
