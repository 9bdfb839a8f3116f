// The cache key prefix (and API path) of every risk review read.
export const RISK_KEY = "admin/risk";
