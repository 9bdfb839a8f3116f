// A small router for the mini app's seven fixed paths, on the History API. react-router would
// share its module with the admin panel, whose data router then lands in the phone's first
// download (about 30 kB gzipped of a 120 kB budget); the app needs only this much of it.
import { signal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import type { AnchorHTMLAttributes, MouseEvent } from "react";

type Location = { pathname: string; /** How many in-app navigations lie behind this entry. */ depth: number };

function read(): Location {
  const depth = typeof history.state?.depth === "number" ? history.state.depth : 0;
  return { pathname: location.pathname.replace(/(.)\/$/, "$1"), depth };
}

const current = signal(read());
window.addEventListener("popstate", () => (current.value = read()));

export function useLocation(): Location {
  useSignals();
  return current.value;
}

/** Goes to an app path (a new history entry unless `replace`), or back one entry. */
export function navigate(to: string | -1, options: { replace?: boolean } = {}): void {
  if (to === -1) return history.back();
  const here = current.peek();
  if (to === here.pathname) return;
  const depth = options.replace ? here.depth : here.depth + 1;
  if (options.replace) history.replaceState({ depth }, "", to);
  else history.pushState({ depth }, "", to);
  window.scrollTo(0, 0);
  current.value = read();
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

/** An in-app link: a real anchor, handled without a page load unless the user asks for a new tab. */
export function Link({ to, onClick, ...props }: LinkProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={follow} {...props} />;
}
