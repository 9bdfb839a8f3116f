// The cache key (and API path) under which every task read lives.
export const TASKS_KEY = "admin/tasks";
