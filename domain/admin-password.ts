// Every admin password, wherever it is set (ADMIN_PASSWORD, `refbot admin add`).
import { z } from "zod";
import { rules } from "./rules.ts";

export const adminPasswordSchema = z
  .string()
  .min(rules.adminPasswordMinLength, `must be at least ${rules.adminPasswordMinLength} characters`)
  .max(1000, "must be at most 1000 characters");
