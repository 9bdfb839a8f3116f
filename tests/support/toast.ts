// The toast both web apps show (each toaster marks it data-testid="toast"), read the way people
// read it: title and description on separate lines.
import type { Page } from "playwright-core";

/**
 * The text of the toast that contains `expected`, once it shows; a toast from an earlier action
 * may still be on screen until the new one replaces it, hence the filter.
 */
export async function toastText(page: Page, expected?: string): Promise<string> {
  const all = page.getByTestId("toast");
  const toast = expected ? all.filter({ hasText: expected }) : all;
  await toast.waitFor();
  return (await toast.innerText()).replace(/\n+/g, "\n").trim();
}
