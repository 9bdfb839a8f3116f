import type { Config } from "./types.ts";
import { api } from "../lib/api-client.ts";

/** Public client configuration; read once at start, before the session is known. */
export const getConfig = () => api.get<Config>("config", { errorTitle: "Failed to load the app" });
