import type { BalanceDto } from "@/api/http/contract.ts";
import { getData } from "@/web/app/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";

export const getBalance = () => getData<BalanceDto>("me/balance");

export const useBalance = () => useQuery("me/balance", getBalance);
