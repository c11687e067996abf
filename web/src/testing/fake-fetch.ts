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
