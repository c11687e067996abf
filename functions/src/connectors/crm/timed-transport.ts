import type { StreamPromise } from "jsforce";
import Transport from "jsforce/lib/transport";
import type { HttpRequest, HttpRequestOptions, HttpResponse } from "jsforce/lib/types";

/**
 * jsforce's own transport with a limit on every HTTP call and without its retries: by default
 * it waits up to 30 minutes and retries 5xx and resets five times with backoff (over 15 s),
 * which would hold a function instance and spend API calls. Our outbox retries instead.
 */
export class TimedTransport extends Transport {
  constructor(private readonly timeoutMs: number) {
    super();
  }

  override httpRequest(request: HttpRequest, options: HttpRequestOptions = {}): StreamPromise<HttpResponse> {
    return super.httpRequest(request, {
      ...options,
      timeout: this.timeoutMs,
      retry: { ...options.retry, maxRetries: 0 },
    });
  }
}
