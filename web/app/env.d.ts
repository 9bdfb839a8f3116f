// Vite's additions to TypeScript (import.meta.glob for the catalogues) and the stylesheet import
// in main.tsx, which Vite bundles.
/// <reference types="vite/client" />
declare module "*.css";
