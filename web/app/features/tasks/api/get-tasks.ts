import type { UserTask } from "../../../api/types.ts";
import { useQuery } from "../../../lib/query.ts";

/** Active tasks with the user's completion flags. */
export const useTasks = () => useQuery<UserTask[]>("tasks/active");
