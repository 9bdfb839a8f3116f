// A list read newest first, a page at a time: the first page, and one more each time "Load more"
// is pressed, starting below the last id of the page before. Pages are kept by where they start,
// so rows written or changed meanwhile never shift one (the risk queue, the audit log).
import { Fragment, useState, type ReactNode } from "react";
import { cn } from "@/web/shared/cn.ts";
import { Button } from "@/web/shared/ui/button.tsx";

/** `onMore` is given to the last page shown only: it asks for the page below `lastId`. */
export type PageRender = (before: number | undefined, onMore: ((lastId: number) => void) | undefined) => ReactNode;

export function KeysetPages({ page }: { page: PageRender }) {
  const [starts, setStarts] = useState<number[]>([]);
  return (
    <>
      {page(undefined, starts.length === 0 ? (last) => setStarts([last]) : undefined)}
      {starts.map((before, index) => (
        <Fragment key={before}>{page(before, index === starts.length - 1 ? (last) => setStarts([...starts, last]) : undefined)}</Fragment>
      ))}
    </>
  );
}

/** The button under a page that came back full. */
export function LoadMore({ onClick, className }: { onClick: () => void; className?: string }) {
  return (
    <div className={cn("flex justify-center", className)}>
      <Button variant="outline" onClick={onClick}>
        Load more
      </Button>
    </div>
  );
}
