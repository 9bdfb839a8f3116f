// The signed-in user, read by the shell and most screens; cached under "me".
import type { MeDto } from "@/api/contract.ts";
import { api, type Options } from "@/web/app/lib/api-client.ts";
import { setQueryData, useQuery } from "@/web/shared/query.ts";

export const getMe = (options: Options = { error: "errors.loadData" }) => api.get("/api/me", {}, options);

export const useMe = () => useQuery("me", () => getMe());
export const setMe = (me: MeDto) => setQueryData("me", me);
