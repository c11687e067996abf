/**
 * Settings read at runtime from /runtime-config.js (window.__PORTAL_CONFIG__), so one build
 * serves every deployment. Checked by hand rather than with zod: this runs on the first page,
 * whose JavaScript budget (185 KB gzipped) zod's core alone would take 14 KB of.
 */
const EXTERNAL_LINKS = [
  "residents",
  "business",
  "government",
  "explore",
  "employment",
  "transparency",
  "map",
  "visitors",
  "about",
] as const;
export type ExternalLinkName = (typeof EXTERNAL_LINKS)[number];

export interface PortalConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string };
  authEmulatorUrl: string | null;
  chatAssistantUrl: string | null;
  /**
   * The city's external board and commission application form, opened from a vacancy card when
   * the board has vacancies (spec 3 §2). Optional: without it the cards show the vacancies only.
   */
  boardApplicationUrl?: string | null;
  mobileAppScheme: string;
  /**
   * The file-box API the mobile app's box view (/mobileWebView/box) calls with the token it was
   * given: that page has no API answer to learn the URLs from, unlike the activity view.
   */
  fileBox: { apiUrl: string; uploadUrl: string };
  externalLinks: Record<ExternalLinkName, string>;
}

declare global {
  interface Window {
    __PORTAL_CONFIG__?: unknown;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === "string" && value.length > 0;
const isUrl = (value: unknown): value is string => {
  if (!isText(value)) return false;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** Parses the runtime config; throws with every problem listed so a bad deploy is obvious. */
export function parsePortalConfig(raw: unknown): PortalConfig {
  const problems: string[] = [];
  const config = isRecord(raw) ? raw : {};
  if (!isRecord(raw)) problems.push("(root): expected an object");
  const firebase = isRecord(config.firebase) ? config.firebase : {};
  for (const key of ["apiKey", "authDomain", "projectId"]) {
    if (!isText(firebase[key])) problems.push(`firebase.${key}: required text`);
  }
  for (const key of ["authEmulatorUrl", "chatAssistantUrl"]) {
    if (config[key] !== null && !isUrl(config[key])) problems.push(`${key}: expected a URL or null`);
  }
  if (config.boardApplicationUrl !== undefined && config.boardApplicationUrl !== null) {
    if (!isUrl(config.boardApplicationUrl)) problems.push("boardApplicationUrl: expected a URL or null");
  }
  if (!isText(config.mobileAppScheme)) problems.push("mobileAppScheme: required text");
  const fileBox = isRecord(config.fileBox) ? config.fileBox : {};
  for (const key of ["apiUrl", "uploadUrl"]) {
    if (!isUrl(fileBox[key])) problems.push(`fileBox.${key}: expected a URL`);
  }
  const links = isRecord(config.externalLinks) ? config.externalLinks : {};
  for (const key of EXTERNAL_LINKS) {
    if (!isUrl(links[key])) problems.push(`externalLinks.${key}: expected a URL`);
  }
  if (problems.length > 0) {
    throw new Error(`Invalid /runtime-config.js (window.__PORTAL_CONFIG__):\n${problems.join("\n")}`);
  }
  return raw as unknown as PortalConfig;
}

let cached: PortalConfig | undefined;

/** The portal's runtime config, parsed on first use. */
export function env(): PortalConfig {
  cached ??= parsePortalConfig(window.__PORTAL_CONFIG__);
  return cached;
}
