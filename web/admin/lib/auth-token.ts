// The admin's token, kept in localStorage under admin_token as the spec says. Components subscribe
// to it, so clearing it (logout, or a 401 from any call) sends every admin page to the login.
import { useSyncExternalStore } from "react";

const KEY = "admin_token";
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // Storage blocked (privacy mode): behave as signed out.
  }
}

function notify() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return read();
}

export function setToken(token: string): void {
  localStorage.setItem(KEY, token);
  notify();
}

export function clearToken(): void {
  try {
    localStorage.removeItem(KEY);
  } finally {
    notify();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // A logout in another tab removes the key there; follow it here too.
  const onStorage = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribe, read);
}
