// Lets TypeScript accept the stylesheet import in main.tsx (Vite bundles it).
declare module "*.css";
