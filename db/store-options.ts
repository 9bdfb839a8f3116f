// What either engine's store is opened with besides its database: where it logs what it meets,
// and who hears the size of each group commit (the metrics).
import type { Log } from "@/observe/log.ts";

export type StoreOptions = { log?: Log; onBatch?: (size: number) => void };
