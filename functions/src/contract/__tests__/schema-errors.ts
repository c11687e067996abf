import type { z } from "zod";

/** The first message per field path, as the API and the form show them. */
export function errors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join(".") || "(root)"] ??= issue.message;
  return out;
}
