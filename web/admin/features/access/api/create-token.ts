import type { RequestOf } from "@/api/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";
import { TOKENS_KEY } from "./keys.ts";

export type NewTokenInput = RequestOf<"post", "/api/admin/tokens">["body"];

/** Makes a token; the answer carries the token itself, the one time it is seen. */
export async function createToken(input: NewTokenInput) {
  const made = await api.post("/api/admin/tokens", { body: input }, { errorTitle: "Token not created" });
  await invalidate(TOKENS_KEY);
  return made;
}
