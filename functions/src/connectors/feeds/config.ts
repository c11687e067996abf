import { DEFAULT_OUTBOUND_TIMEOUT_MS } from "../../platform/outbound";

export interface FeedsConfig {
  newsUrl: string;
  eventsUrl: string;
  timeoutMs: number;
}

/** Read at call time; both feeds are public RSS, so URLs are the whole configuration. */
export function feedsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): FeedsConfig {
  const { FEEDS_NEWS_URL: newsUrl, FEEDS_EVENTS_URL: eventsUrl } = env;
  if (!newsUrl || !eventsUrl) throw new Error("FEEDS_NEWS_URL and FEEDS_EVENTS_URL must be set");
  return { newsUrl, eventsUrl, timeoutMs: Number(env.FEEDS_TIMEOUT_MS ?? DEFAULT_OUTBOUND_TIMEOUT_MS) };
}
