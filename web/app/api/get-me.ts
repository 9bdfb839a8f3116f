// The signed-in user, read by the shell (streak) and most screens; cached under "me".
import type { MeDto } from "@/api/http/contract.ts";
import { api } from "@/web/app/lib/api-client.ts";
import { setQueryData, useQuery } from "@/web/shared/query.ts";

export const getMe = (errorTitle = "Failed to load data") => api.get<MeDto>("me", { errorTitle });

export const useMe = () => useQuery("me", () => getMe());
export const setMe = (me: MeDto) => setQueryData("me", me);
