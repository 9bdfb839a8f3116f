// The cache key prefix (and API path) of every withdrawal list.
export const WITHDRAWALS_KEY = "admin/withdrawals";
