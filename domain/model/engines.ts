// The database engines a store runs on. A backup records which one wrote it, since a backup
// restores only onto its own engine.

export const databaseEngines = ["sqlite", "postgres"] as const;
export type DatabaseEngine = (typeof databaseEngines)[number];
