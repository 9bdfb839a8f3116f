// The cache key prefix of every risk review read.
export const RISK_KEY = "admin/risk";
