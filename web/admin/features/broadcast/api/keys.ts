// The cache key of the broadcast list.
export const BROADCASTS_KEY = "admin/broadcasts";
