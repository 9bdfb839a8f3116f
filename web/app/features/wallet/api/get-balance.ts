import { getData } from "@/web/app/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";

export const getBalance = () => getData("/api/me/balance");

export const useBalance = () => useQuery("me/balance", getBalance);
