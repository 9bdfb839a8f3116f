import type { UserTaskDto } from "@/api/http/contract.ts";
import { getData } from "@/web/app/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";

/** Active tasks with the user's completion flags. */
export const getTasks = () => getData<UserTaskDto[]>("tasks/active");

export const useTasks = () => useQuery("tasks/active", getTasks);
