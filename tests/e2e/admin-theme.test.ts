// The admin panel follows the system's colour scheme: under prefers-color-scheme: dark every page
// (and a dialog over it) is light text on dark surfaces, solid buttons keep white text, and under
// light it stays as it was.
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { screenshot } from "@/tests/support/browser.ts";
import { useAdminHarness } from "./admin-helpers.ts";

const h = useAdminHarness();

const pages = ["/admin/dashboard", "/admin/tasks", "/admin/withdrawals", "/admin/users", "/admin/broadcast"];

/** Perceived lightness, 0 (black) to 1 (white), of a computed CSS colour (oklch or rgb). */
function lightness(color: string): number {
  const oklch = /^oklch\(([\d.]+)/.exec(color);
  if (oklch) return Number(oklch[1]);
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** The colours that make a page look light or dark: the page, a card on it, and the heading's text. */
async function looks(page: Page, card: string) {
  return page.evaluate((selector) => {
    const style = (el: Element | null) => (el ? getComputedStyle(el) : null);
    return {
      page: style(document.body)!.backgroundColor,
      card: style(document.querySelector(selector))?.backgroundColor ?? "",
      heading: style(document.querySelector("h1"))!.color,
      scheme: style(document.documentElement)!.colorScheme,
    };
  }, card);
}

async function schemePage(colorScheme: "light" | "dark") {
  const page = await h.page();
  await page.emulateMedia({ colorScheme });
  return page;
}

test("under prefers-color-scheme: dark every admin page is light text on dark surfaces", async () => {
  const page = await schemePage("dark");
  for (const path of pages) {
    await page.goto(path);
    await page.locator("main h1").waitFor();
    await page.locator("main .panel, main [data-testid$='-card']").first().waitFor();
    const look = await looks(page, "main .panel, main [data-testid$='-card']");
    expect({ path, page: lightness(look.page) < 0.25 }).toEqual({ path, page: true });
    expect({ path, card: lightness(look.card) < 0.3 }).toEqual({ path, card: true });
    expect({ path, heading: lightness(look.heading) > 0.8 }).toEqual({ path, heading: true });
    expect(look.scheme).toContain("dark");
    await screenshot(page, `admin-dark${path.replaceAll("/", "-")}-1280`);
  }
});

test("dark dialogs: a dark panel over a black backdrop, white text on solid buttons", async () => {
  const page = await schemePage("dark");
  await page.goto("/admin/withdrawals");
  await page.getByTestId("withdrawal-card").first().getByRole("button", { name: "Approve" }).click();
  const dialog = page.getByRole("dialog", { name: "Approve Withdrawal" });
  await dialog.waitFor();
  const colours = await dialog.evaluate((panel) => ({
    panel: getComputedStyle(panel).backgroundColor,
    backdrop: getComputedStyle(panel.parentElement!).backgroundColor,
    confirm: getComputedStyle([...panel.querySelectorAll("button")].find((b) => b.textContent === "Approve")!).color,
  }));
  expect(lightness(colours.panel)).toBeLessThan(0.3);
  expect(colours.backdrop).toMatch(/^(rgba\(0, 0, 0, 0\.5\)|oklab\(0 0 0 \/ 0\.5\))$/);
  expect(lightness(colours.confirm)).toBeGreaterThan(0.95);
});

test("the login page and the light scheme stay light", async () => {
  const dark = await h.page({ signedIn: false });
  await dark.emulateMedia({ colorScheme: "dark" });
  await dark.goto("/admin/login");
  await dark.getByRole("button", { name: "Sign In" }).waitFor();
  const card = await dark.locator("main > div").first().evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(lightness(card)).toBeLessThan(0.3);

  const page = await schemePage("light");
  await page.goto("/admin/dashboard");
  await page.locator("main .panel").first().waitFor();
  const look = await looks(page, "main .panel");
  expect(lightness(look.page)).toBeGreaterThan(0.95);
  expect(lightness(look.card)).toBeGreaterThan(0.95);
  expect(lightness(look.heading)).toBeLessThan(0.3);
});
