/**
 * Every call to a system outside the function goes through here, so that none can hang a
 * request: the city's systems are slow at times and a function instance is billed while waiting.
 */
export const DEFAULT_OUTBOUND_TIMEOUT_MS = 10_000;

export class OutboundTimeoutError extends Error {
  constructor(
    readonly url: string,
    readonly timeoutMs: number,
  ) {
    super(`No answer from ${new URL(url).host} within ${timeoutMs} ms`);
  }
}

export async function fetchWithTimeout(
  url: string,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<Response> {
  const { timeoutMs = DEFAULT_OUTBOUND_TIMEOUT_MS, ...rest } = init;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await fetch(url, { ...rest, signal: controller.signal });
  } catch (error) {
    if (controller.signal.aborted) throw new OutboundTimeoutError(url, timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
