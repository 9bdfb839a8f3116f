// The cache key prefix (and API path) of every user read: invalidating it refreshes them all.
export const USERS_KEY = "admin/users";
