// Where npm run docs:api writes, and how each file is laid out.
import { resolve } from "node:path";
import type { JsonSchema } from "./type-schema.ts";

const root = resolve(import.meta.dir, "../..");

export const answersFile = resolve(root, "api/plugins/openapi-answers.json");
export const answersJson = (answers: Record<string, JsonSchema>) => `${JSON.stringify(answers, null, 2)}\n`;
