// The referred accounts a fraud confirmation bans with the user (the farm), and how the panel
// says it: those ticked in the referral tree, or all of them when the case lists only some.
import { countOf } from "@/web/admin/lib/count-of.ts";

/** The referred accounts to ban with the user: those ticked, or all of them (more than the case lists). */
export type Farm = { ids: number[] } | { all: number };

/**
 * The case lists the first referred accounts only: every listed one ticked under a longer tree
 * means all of them, the unlisted ones included, which the server resolves itself.
 */
export function farmOf(referred: readonly { id: number }[], totalInvited: number, selected: ReadonlySet<number>): Farm {
  const ticked = referred.filter((r) => selected.has(r.id)).map((r) => r.id);
  const unlisted = totalInvited > referred.length;
  return unlisted && ticked.length > 0 && ticked.length === referred.length ? { all: totalInvited } : { ids: ticked };
}

export const farmSize = (farm: Farm) => ("all" in farm ? farm.all : farm.ids.length);

/** What the server is sent: "all", or the ids ticked. */
export const farmChoice = (farm: Farm): "all" | number[] => ("all" in farm ? "all" : farm.ids);

/** The confirmation's row for the referred accounts. */
export function farmFact(farm: Farm): string {
  if (farmSize(farm) === 0) return "None selected";
  return "all" in farm ? `All ${farm.all}` : countOf(farm.ids.length, "selected account");
}

/** Who a confirmation bans, in one sentence: the user, and the farm as chosen. */
export function banSummary(name: string, farm: Farm): string {
  const size = farmSize(farm);
  const farmPart = "all" in farm ? ` and all ${countOf(farm.all, "referred account")}` : size > 0 ? ` and ${countOf(size, "referred account")} ticked in the referral tree` : "";
  return `${countOf(1 + size, "account")} will be banned: ${name}${farmPart}.`;
}
