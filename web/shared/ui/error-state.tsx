// What a list or panel shows when its data could not be loaded: what went wrong (the server's
// message) and a Retry button, so a failure never passes for "still loading" or "nothing here".
import { cn } from "@/web/shared/cn.ts";
import { Button } from "./button.tsx";
import { AlertIcon } from "./icons.tsx";

type ErrorStateProps = {
  title?: string;
  message?: string;
  onRetry: () => unknown;
  /** The retry is under way: the button says so and waits. */
  retrying?: boolean;
  /** One line beside the button, for small places (a badge's card, a tab). */
  compact?: boolean;
  className?: string;
};

export function ErrorState({ title = "Could not load this", message, onRetry, retrying = false, compact = false, className }: ErrorStateProps) {
  return (
    <div
      role="alert"
      data-testid="error-state"
      className={cn(
        "flex items-center gap-3 rounded-lg border border-danger/30 bg-danger/5 text-sm",
        compact ? "flex-wrap justify-between px-3 py-2" : "flex-col justify-center px-4 py-8 text-center",
        className,
      )}
    >
      <div className={cn("flex min-w-0 gap-2", compact ? "items-start" : "flex-col items-center")}>
        <AlertIcon className={cn("shrink-0 text-danger", compact ? "mt-0.5 h-4 w-4" : "h-7 w-7")} />
        <div className="min-w-0">
          <p className="font-semibold text-fg">{title}</p>
          {message && <p className="break-words text-hint">{message}</p>}
        </div>
      </div>
      <Button variant="outline" size="sm" disabled={retrying} onClick={() => void onRetry()}>
        {retrying ? "Retrying..." : "Retry"}
      </Button>
    </div>
  );
}
