// Launch parameters Telegram appends to the app URL (tgWebAppData, tgWebAppThemeParams, ...).
// They arrive in the hash (sometimes the query), and the hash is lost on the first in-app
// navigation or reload, so the first reading is kept for the session as Telegram's own script does.
// The start parameter (a referral code) is not read separately: it travels signed inside the init
// data as start_param, and only that signed copy may bind a referrer, which the server does.

export type ThemeParams = Record<string, string>;

export type LaunchParams = {
  initData: string;
  version?: string;
  platform?: string;
  themeParams: ThemeParams;
};

const storageKey = "refbot:launch-params";

function fromSearch(search: string): LaunchParams | undefined {
  const params = new URLSearchParams(search);
  const initData = params.get("tgWebAppData");
  if (!initData) return undefined;
  let themeParams: ThemeParams = {};
  try {
    themeParams = JSON.parse(params.get("tgWebAppThemeParams") ?? "{}") ?? {};
  } catch {
    // A malformed theme only costs the colours: the app falls back to its own palette.
  }
  return {
    initData,
    version: params.get("tgWebAppVersion") ?? undefined,
    platform: params.get("tgWebAppPlatform") ?? undefined,
    themeParams,
  };
}

export function readLaunchParams(): LaunchParams | undefined {
  const inHash = fromSearch(location.hash.slice(1));
  const found = inHash ?? fromSearch(location.search.slice(1));
  if (found) {
    sessionStorage.setItem(storageKey, JSON.stringify(found));
    // Drop the launch data from the address bar so the router sees a clean URL.
    if (inHash) history.replaceState(null, "", location.pathname + location.search);
    return found;
  }
  const stored = sessionStorage.getItem(storageKey);
  return stored ? (JSON.parse(stored) as LaunchParams) : undefined;
}
