// Runs a change (POST/PATCH) and tracks whether it is in flight, so buttons can show it and refuse
// a second press while the first is still running.
import { useCallback, useRef, useState } from "react";

export function useMutation<Args extends unknown[], Result>(action: (...args: Args) => Promise<Result>) {
  const [isPending, setPending] = useState(false);
  const running = useRef(false);
  const actionRef = useRef(action);
  actionRef.current = action;

  /** The action's result, or undefined when it failed (the API client has said why) or was already running. */
  const mutate = useCallback(async (...args: Args): Promise<Result | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    setPending(true);
    try {
      return await actionRef.current(...args);
    } catch {
      return undefined; // The API client has already shown the failure in a toast.
    } finally {
      running.current = false;
      setPending(false);
    }
  }, []);

  return { mutate, isPending };
}
