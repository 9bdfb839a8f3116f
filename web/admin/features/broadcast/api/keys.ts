// The cache key (and API path) of the broadcast list.
export const BROADCASTS_KEY = "admin/broadcasts";
