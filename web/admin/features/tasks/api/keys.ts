// The cache key under which every task read lives.
export const TASKS_KEY = "admin/tasks";
