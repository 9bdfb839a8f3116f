import { api } from "@/web/app/lib/api-client.ts";

/** Public client configuration; read once at start, before the session (and the language) is known. */
export const getConfig = () => api.get("/api/config", {}, { silent: true });
