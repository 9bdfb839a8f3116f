import { api } from "@/web/admin/lib/api-client.ts";

/** Every user as a CSV file, newest first, or the matches of `search`. */
export const exportUsers = (search: string) => api.get("/api/admin/users/export.csv", { query: { search } }, { errorTitle: "Failed to export users" });
