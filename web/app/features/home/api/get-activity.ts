import { getData } from "@/web/app/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";

/** The latest five ledger movements. */
export const getActivity = () => getData("/api/me/activity");

export const useActivity = () => useQuery("me/activity", getActivity);
