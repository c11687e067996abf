/** The portal's public origin (PORTAL_URL), e.g. `https://portal.cityofelgin.org`; never taken from a request. */
export function portalOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.PORTAL_URL;
  if (!configured) throw new Error("PORTAL_URL is not configured");
  return new URL(configured).origin;
}
