// The signed-in user, read by the shell (streak) and most screens; cached under "me".
import { useQuery, setQueryData } from "../lib/query.ts";
import type { Me } from "./types.ts";

export const useMe = () => useQuery<Me>("me");
export const setMe = (me: Me) => setQueryData("me", me);
