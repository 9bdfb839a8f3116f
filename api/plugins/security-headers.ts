// The security headers: a strict set on every answer (JSON, scripts, errors), and for the HTML
// pages a Content-Security-Policy that lets them load what they need, with framing allowed only
// for the mini app and only to Telegram's web clients.
import { Elysia } from "elysia";

/**
 * Telegram's own web clients, which show a mini app in an iframe: web.telegram.org serves both
 * (Web K under /k/, Web A under /a/), and webk. and webz. are the hosts they had before.
 * Telegram's phone and desktop apps open the mini app in a webview of their own, not a frame.
 */
export const telegramWebOrigins = ["https://web.telegram.org", "https://webk.telegram.org", "https://webz.telegram.org"];

/**
 * What a page may load: this server's own scripts, styles, icon and API, nothing else. There is
 * no inline script and no eval in the build, so `script-src 'self'` holds; nor any inline style:
 * React, uPlot and the theme code set styles through the DOM (element.style), which CSP does
 * not govern, and the QR code is an SVG element, not an image.
 */
function pagePolicy(frameAncestors: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
}

/** On every answer. The policy is for answers that are not pages: they may load nothing at all. */
export const securityHeaders = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  // For browsers that predate frame-ancestors.
  "x-frame-options": "DENY",
  // A script or a stylesheet is only ever what its Content-Type says (no sniffing JSON into HTML).
  "x-content-type-options": "nosniff",
  // Other sites see only this origin, never a path such as /admin/users/42 or a query; same-origin
  // requests keep the full referrer. "no-referrer" would also make a browser send `Origin: null`
  // on same-origin POSTs, which origin checks would then refuse.
  "referrer-policy": "strict-origin-when-cross-origin",
} as const;

const adminPagePolicy = pagePolicy("'none'");
const miniAppPagePolicy = pagePolicy(telegramWebOrigins.join(" "));

/**
 * Turns an answer's headers into a page's: the admin panel's (framed by nobody) or the mini
 * app's (framed by Telegram Web only; X-Frame-Options goes, as it cannot name an origin).
 */
export function usePagePolicy(headers: Record<string, unknown>, page: "admin" | "app"): void {
  if (page === "admin") {
    headers["content-security-policy"] = adminPagePolicy;
    return;
  }
  headers["content-security-policy"] = miniAppPagePolicy;
  delete headers["x-frame-options"];
}

// Elysia's default headers: copied into each request's headers as the request arrives (before
// any hook, so a refused body or an unknown path carries them too), cheaper than a hook per request.
export const securityHeadersPlugin = new Elysia({ name: "security-headers" }).headers(securityHeaders);
