import { z } from "zod/mini";

/**
 * Settings read at runtime from /runtime-config.js (window.__PORTAL_CONFIG__), so one build
 * serves every deployment. zod/mini keeps the check out of the way of the first-page budget.
 */
const ZExternalLinks = z.object({
  residents: z.url(),
  business: z.url(),
  government: z.url(),
  explore: z.url(),
  employment: z.url(),
  transparency: z.url(),
  map: z.url(),
  visitors: z.url(),
  about: z.url(),
});

export const ZPortalConfig = z.object({
  firebase: z.object({
    apiKey: z.string().check(z.minLength(1)),
    authDomain: z.string().check(z.minLength(1)),
    projectId: z.string().check(z.minLength(1)),
  }),
  authEmulatorUrl: z.nullable(z.url()),
  chatAssistantUrl: z.nullable(z.url()),
  mobileAppScheme: z.string().check(z.minLength(1)),
  externalLinks: ZExternalLinks,
});
export type PortalConfig = z.infer<typeof ZPortalConfig>;
export type ExternalLinkName = keyof PortalConfig["externalLinks"];

declare global {
  interface Window {
    __PORTAL_CONFIG__?: unknown;
  }
}

/** Parses the runtime config; throws with every problem listed so a bad deploy is obvious. */
export function parsePortalConfig(raw: unknown): PortalConfig {
  const result = ZPortalConfig.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
    throw new Error(`Invalid /runtime-config.js (window.__PORTAL_CONFIG__):\n${problems.join("\n")}`);
  }
  return result.data;
}

let cached: PortalConfig | undefined;

/** The portal's runtime config, parsed on first use. */
export function env(): PortalConfig {
  cached ??= parsePortalConfig(window.__PORTAL_CONFIG__);
  return cached;
}
