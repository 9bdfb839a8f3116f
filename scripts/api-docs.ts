// npm run docs:api: writes what describes the API and is derived from its code, so it cannot
// drift from it (tests/openapi.test.ts fails when a file here differs from what this writes):
// the routes' answers as JSON schemas, which GET /api/openapi.json serves.
import { writeFileSync } from "node:fs";
import { answerSchemas } from "./api-docs/answers.ts";
import { answersFile, answersJson } from "./api-docs/files.ts";

writeFileSync(answersFile, answersJson(answerSchemas()));
console.log(`wrote ${answersFile}`);
