// Whole seconds until a moment, kept current while they count down.
import { useEffect, useReducer } from "react";

/** Seconds left until `iso` (0 once it has passed, or for null); re-renders as each second passes, then stops. */
export function useSecondsUntil(iso: string | null): number {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const target = (iso && Date.parse(iso)) || 0;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      const ms = target - Date.now();
      if (ms <= 0) return;
      // Wakes when the shown second changes, so the count never lags and 0 shows on time.
      timer = setTimeout(() => {
        tick();
        next();
      }, ms % 1000 || 1000);
    };
    next();
    return () => clearTimeout(timer);
  }, [target]);
  return Math.max(0, Math.ceil((target - Date.now()) / 1000));
}
