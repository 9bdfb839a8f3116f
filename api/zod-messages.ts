// The wording of zod's messages that the API answers with. Zod keeps it in a global config, so it
// is set by whoever starts the process (server/main.ts, and the test harness that builds apps), once,
// at start: importing a schema changes nothing, and the CLI's own validation keeps zod's wording.
import { z } from "zod";

/** Zod's wording for a missing field is about types; people need to hear that it is required. */
export function useApiZodMessages(): void {
  z.config({ customError: (issue) => (issue.input === undefined ? "is required" : undefined) });
}
