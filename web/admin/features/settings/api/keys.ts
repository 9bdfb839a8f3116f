// The cache key the settings live under; a change also refreshes "config", which the panel's
// header (the product name) and the Broadcast page (the pace) read.
export const SETTINGS_KEY = "admin/settings";
