import type { Answer } from "@/api/http/contract.ts";
import { getData } from "@/web/app/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";

export const getWithdrawals = () => getData<Answer<"get", "/api/me/withdrawals">>("me/withdrawals");

export const useWithdrawals = () => useQuery("me/withdrawals", getWithdrawals);
