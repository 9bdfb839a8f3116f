// The cache key prefix of every user read: invalidating it refreshes them all.
export const USERS_KEY = "admin/users";
