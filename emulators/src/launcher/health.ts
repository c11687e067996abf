/** Waits until a URL answers with one of the expected statuses, or fails naming the part. */
export async function waitForHttp(
  part: string,
  url: string,
  {
    timeoutMs = 120_000,
    ok = (status: number) => status < 500,
    abort,
  }: { timeoutMs?: number; ok?: (status: number) => boolean; abort?: Promise<string> } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  let aborted: string | null = null;
  abort?.then((reason) => {
    aborted = reason;
  });
  while (Date.now() < deadline) {
    if (aborted) throw new Error(`${part} did not start: ${aborted}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (ok(response.status)) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${part} did not answer at ${url} within ${timeoutMs / 1000} s (last: ${last}).`);
}
