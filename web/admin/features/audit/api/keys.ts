// The cache key prefix of every audit log read.
export const AUDIT_KEY = "admin/audit";
