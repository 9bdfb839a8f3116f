// One section of a case page (signals, clients, referral tree, holds): a card named by its title
// for screen readers, with what it holds, or a line saying it holds nothing.
import type { ReactNode } from "react";
import { Card, CardHeader } from "@/web/shared/ui/card.tsx";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";

type CaseSectionProps = {
  /** Names the title's element, which labels the card. */
  id: string;
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  /** Shown in place of the children when set: the section has nothing to show. */
  empty?: string | false;
  children: ReactNode;
};

export function CaseSection({ id, title, description, actions, empty, children }: CaseSectionProps) {
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader title={<span id={`${id}-title`}>{title}</span>} description={description} actions={actions} />
      {empty ? <EmptyState compact>{empty}</EmptyState> : children}
    </Card>
  );
}
