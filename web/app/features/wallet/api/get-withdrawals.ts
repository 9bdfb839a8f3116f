import { getData } from "@/web/app/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";

export const getWithdrawals = () => getData("/api/me/withdrawals");

export const useWithdrawals = () => useQuery("me/withdrawals", getWithdrawals);
