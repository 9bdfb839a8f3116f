// Running a decision on a case so that a refusal stays where it was asked: the server's words are
// kept for the open dialog (the API client has toasted them too), and a refusal that says the case
// changed (409 when someone decided first, 404) loads it again.
import { useState } from "react";
import { ApiError } from "@/web/shared/http.ts";

export type Decide = <T>(action: () => Promise<T>) => Promise<T>;

export function useDecision(reload: () => unknown): { failure: string | null; clearFailure: () => void; decide: Decide } {
  const [failure, setFailure] = useState<string | null>(null);
  const decide: Decide = async (action) => {
    try {
      return await action();
    } catch (error) {
      if (error instanceof ApiError) {
        setFailure(error.message);
        if (error.status === 409 || error.status === 404) void reload();
      }
      throw error;
    }
  };
  return { failure, clearFailure: () => setFailure(null), decide };
}
