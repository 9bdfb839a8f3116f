// The cache keys of the owner's Admins & tokens page.
export const ADMINS_KEY = "admin/admins";
export const TOKENS_KEY = "admin/tokens";
