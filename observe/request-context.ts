// Which request a log line is written for. The HTTP layer runs each request inside a context of
// its own (api/plugins/request-id.ts), and the log reads it as it writes a line (log.ts), so a
// line written in the database layer or the domain, however many awaits down, names its request
// and who made it, without a parameter passed along the way.
import { AsyncLocalStorage } from "node:async_hooks";

export type RequestContext = {
  reqId: string;
  /** Whether the id is the caller's (its X-Request-Id) rather than one made here: only a caller's can hold a secret. */
  reqIdSent?: boolean;
  /** performance.now() when the request arrived, for its duration. */
  startedAt: number;
  userId?: number;
  adminId?: number;
  /** The name of the API token the admin's request came with, if it came with one. */
  apiToken?: string;
  /** The template of the route it was routed to (/api/admin/withdrawals/:id/approve), once it was. */
  route?: string;
  /** The error code it was answered with, if it was. */
  errorCode?: string;
};

// One store for every request: node:async_hooks carries what `run` put in it across awaits, timers
// and the answer's after-response hook, and nothing leaks into work the request did not start.
const requests = new AsyncLocalStorage<RequestContext>();

export const inRequest = <T>(context: RequestContext, work: () => T): T => requests.run(context, work);

export const currentRequest = (): RequestContext | undefined => requests.getStore();

/** Who is signed in, for the rest of the request's lines (the auth plugins tell it). */
export function signedInAs(who: { userId: number } | { adminId: number; apiToken?: string }): void {
  const context = requests.getStore();
  if (context) Object.assign(context, who);
}
