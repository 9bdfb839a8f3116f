import { getData } from "@/web/app/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";

/** Active tasks with the user's completion flags. */
export const getTasks = () => getData("/api/tasks/active");

export const useTasks = () => useQuery("tasks/active", getTasks);
