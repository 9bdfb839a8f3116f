// Outside Telegram's colours (a browser, or a client that sends no theme), the mini app paints its
// own palette: the device's light or dark preference until a theme is named, then the named one.
import { expect, test } from "bun:test";
import { launchUrl, mintInitData, telegramPage, useAppServer } from "./app-support.ts";

const h = useAppServer();

const lightPage = "rgb(241, 243, 246)";
const darkPage = "rgb(14, 22, 33)";

async function pageColour(preference: "light" | "dark", named?: "light" | "dark") {
  const page = await telegramPage(h.browser);
  try {
    await page.emulateMedia({ colorScheme: preference });
    await page.goto(launchUrl(h.server.url, "/app", await mintInitData(h.server.url, 7_300_001), {}));
    await page.locator("nav").first().waitFor();
    return await page.evaluate((theme) => {
      if (theme) document.documentElement.dataset.theme = theme;
      const styles = getComputedStyle(document.body);
      return { page: styles.backgroundColor, text: styles.color };
    }, named);
  } finally {
    await page.close();
  }
}

test("the device's preference picks the palette while no theme is named", async () => {
  expect((await pageColour("light")).page).toBe(lightPage);
  expect(await pageColour("dark")).toEqual({ page: darkPage, text: "rgb(245, 245, 245)" });
});

test("a named theme wins over the device's preference, either way", async () => {
  expect((await pageColour("dark", "light")).page).toBe(lightPage);
  expect((await pageColour("light", "dark")).page).toBe(darkPage);
});
