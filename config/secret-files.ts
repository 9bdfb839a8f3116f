// Where the secrets the server keeps beside its database live (data/.jwt-secret and the like):
// the server makes them at start (server/bootstrap.ts), `refbot doctor` reads them without making any.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Config } from "./env.ts";

export function secretFilePath(config: Pick<Config, "databasePath">, name: string): string {
  return join(config.databasePath === ":memory:" ? "data" : dirname(config.databasePath), name);
}

export const jwtSecretFile = ".jwt-secret";

/** The JWT secret this configuration signs with, as far as it exists yet: JWT_SECRET, else the kept file. */
export function existingJwtSecret(config: Pick<Config, "databasePath" | "jwtSecret">): string | undefined {
  if (config.jwtSecret) return config.jwtSecret;
  const file = secretFilePath(config, jwtSecretFile);
  return existsSync(file) ? readFileSync(file, "utf8").trim() : undefined;
}
