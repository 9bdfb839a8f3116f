// The admin's token, kept in localStorage under admin_token as the spec says. Pages read it from a
// signal, so clearing it (logout, or a 401 from any call) sends every admin page to the login.
import { signal, type ReadonlySignal } from "@preact/signals-react";

const KEY = "admin_token";

function read(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // Storage blocked (privacy mode): behave as signed out.
  }
}

const current = signal(read());
/** The token, null when signed out. */
export const token: ReadonlySignal<string | null> = current;

// A logout in another tab removes the key there; follow it here too.
window.addEventListener("storage", (event) => {
  if (event.key === KEY) current.value = read();
});

export function setToken(value: string): void {
  localStorage.setItem(KEY, value);
  current.value = value;
}

export function clearToken(): void {
  try {
    localStorage.removeItem(KEY);
  } finally {
    current.value = null;
  }
}
