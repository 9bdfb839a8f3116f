// The cache key prefix of every withdrawal list.
export const WITHDRAWALS_KEY = "admin/withdrawals";
