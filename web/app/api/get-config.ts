import type { PublicConfigDto } from "@/api/http/contract.ts";
import { api } from "@/web/app/lib/api-client.ts";

/** Public client configuration; read once at start, before the session is known. */
export const getConfig = () => api.get<PublicConfigDto>("config", { errorTitle: "Failed to load the app" });
