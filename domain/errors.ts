// The one error type of the domain. Its code decides the HTTP status (see errorStatus), so the
// API, the CLI and the web all show the same message for the same failure.
export const errorStatus = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  INVALID_AMOUNT: 400,
  INVALID_ADDRESS: 400,
  BELOW_MINIMUM: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  /** The admin's role (for an API token, its creator's) does not reach the scope the route needs (domain/access.ts). */
  FORBIDDEN_ROLE: 403,
  /** The API token does not hold the scope the route needs. */
  FORBIDDEN_SCOPE: 403,
  USER_BANNED: 403,
  NOT_CHANNEL_MEMBER: 403,
  NOT_FOUND: 404,
  ALREADY_COMPLETED: 409,
  TASK_INACTIVE: 409,
  NOT_LINK_TASK: 409,
  TASK_NOT_OPENED: 409,
  TASK_WAIT: 409,
  INVALID_STATE: 409,
  OPEN_WITHDRAWAL: 409,
  INSUFFICIENT_BALANCE: 409,
  WALLET_REQUIRED: 409,
  TX_HASH_USED: 409,
  // A payout's transaction checked on chain (domain/payout-check.ts) and found wanting: nothing changed.
  TX_NOT_FOUND: 409,
  TX_FAILED: 409,
  TX_WRONG_TOKEN: 409,
  TX_WRONG_RECIPIENT: 409,
  TX_WRONG_AMOUNT: 409,
  /** A check on chain asked of a server without BSC_RPC_URL. */
  CHAIN_NOT_CONFIGURED: 409,
  BALANCE_LIMIT: 409,
  ALREADY_EXISTS: 409,
  BOT_NOT_RUNNING: 409,
  /** The change would leave no owner: another admin must be made an owner first. */
  LAST_OWNER: 409,
  /** A withdrawal from a user who left the channel: rejoin first; nothing was debited. */
  NOT_IN_CHANNEL: 409,
  /** Above the operator's daily payout limit, for everyone or for this user. */
  PAYOUT_LIMIT: 409,
  /** An admin acting on the withdrawal of a banned user: its money stays put until the ban is lifted. */
  WITHDRAWAL_USER_BANNED: 409,
  /** Sending from the hot wallet asked of a server without PAYOUT_KEY_FILE (and BSC_RPC_URL). */
  HOT_WALLET_NOT_CONFIGURED: 409,
  /** Over the hot wallet's largest transfer or its daily total (settings): nothing was signed. */
  HOT_WALLET_LIMIT: 409,
  /** The withdrawal already has a transfer that may move its money: no second one is signed. */
  PAYOUT_ALREADY_SENT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_ATTEMPTS: 429,
  INTERNAL: 500,
  // Telegram could not be asked (network, timeout, its own 5xx): nobody's fault, try again.
  MEMBERSHIP_UNAVAILABLE: 503,
  BOT_STARTING: 503,
  /** The database did not answer, again after retries: nothing was changed, try again. */
  DATABASE_UNAVAILABLE: 503,
  /** The database stopped answering after the change was sent to be committed: it may be saved. */
  COMMIT_UNCONFIRMED: 503,
  /** The disk under the database is full: nothing was changed, try again once space is freed. */
  STORAGE_FULL: 503,
  /** The chain's RPC (BSC_RPC_URL) did not answer: no payout was checked or changed, try again. */
  CHAIN_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Details a client can act on (a field, a maximum, seconds to wait), sent beside message and code. */
    readonly extra: Record<string, unknown> = {},
    /**
     * Which of the code's messages a mini-app user reads in their language, for a code with
     * several (catalogue key error.<code>.<variant>), and what fills it beyond `extra`: `amounts`
     * in micro-USDT, written the reader's way (a rule's current figure, such as the minimum). Not sent.
     */
    readonly wording: { variant?: string; values?: Record<string, string | number>; amounts?: Record<string, number> } = {},
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
/** What a banned user hears when they try to move money. */
export const suspended = () => new AppError("USER_BANNED", "Your account is suspended");
export const invalid = (field: string, why: string) =>
  new AppError("VALIDATION_FAILED", `${field}: ${why}`, { field });
