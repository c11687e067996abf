import { vi } from "vitest";

export type FakeRoute = (request: { url: string; init: RequestInit }) => Response | undefined;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

export const notFound = () => json({ error: { code: "not_found", message: "No such route" } }, 404);

/** Replaces fetch; each call is answered by the first route that returns a Response, else 404. */
export function fakeFetch(...routes: FakeRoute[]) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    for (const route of routes) {
      const response = route({ url, init });
      if (response) return response;
    }
    return notFound();
  });
  vi.stubGlobal("fetch", mock);
  return mock;
}

const parseUrl = (url: string) => new URL(url, "http://portal.test");

/** A route answering one method and path (its query ignored); `answer` is called per request. */
export const answerAt =
  (method: string, pathname: string, answer: (init: RequestInit, url: URL) => Response): FakeRoute =>
  ({ url, init }) => {
    const parsed = parseUrl(url);
    return (init.method ?? "GET") === method && parsed.pathname === pathname ? answer(init, parsed) : undefined;
  };

/** The API's JSON error shape (DESIGN.md, API). */
export const apiError = (status: number, message = "failed", code = "internal") =>
  json({ error: { code, message } }, status);

/** The calls a fake fetch received for one method and path, as [url, init]. */
export const callsTo = (fetchMock: ReturnType<typeof fakeFetch>, method: string, pathname: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => (init?.method ?? "GET") === method && parseUrl(String(input)).pathname === pathname,
  );
