// What an audit entry's detail says, on both engines: an action taken through an API token names
// the token beside the admin who made it (the entry's admin), read from the request it was taken
// in (observe/request-context.ts), so no rule passes it along. Admin actions are never run in a
// grouped transaction, whose program may run in another request's context.
import { currentRequest } from "@/observe/request-context.ts";

export function auditDetail(detail: Record<string, unknown> | undefined): Record<string, unknown> | null {
  const apiToken = currentRequest()?.apiToken;
  if (apiToken) return { ...detail, apiToken };
  return detail ?? null;
}
