import { describe, expect, it } from "vitest";
import { ConnectorError } from "../connector-error";
import { createDispatcher } from "./dispatcher";
import { route } from "./route";

/** Just enough of Express's request and response for the dispatcher, without a server. */
function exchange(path: string) {
  const headers: Record<string, string> = {};
  const answer = { status: 0, body: undefined as unknown, headers };
  const res = {
    headersSent: false,
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    status(code: number) {
      answer.status = code;
      return this;
    },
    json(body: unknown) {
      answer.body = body;
      this.headersSent = true;
      return this;
    },
    end() {
      this.headersSent = true;
    },
  };
  const req = { method: "GET", path, query: {}, header: () => undefined, rawBody: Buffer.alloc(0) };
  return { req, res, answer };
}

const failing = (error: unknown) =>
  createDispatcher({
    functionName: "test",
    rewrites: [],
    routes: [
      route({
        method: "GET",
        path: "/api/fails",
        access: "public",
        summary: "fails",
        handler: () => {
          throw error;
        },
      }),
    ],
  });

describe("dispatcher error answers (security review finding 8)", () => {
  it.each([
    [
      new ConnectorError(
        "crm",
        "rejected",
        "CRM create Contact: rejected by the CRM (FIELD_CUSTOM_VALIDATION_EXCEPTION)",
      ),
      422,
      "FIELD_CUSTOM_VALIDATION_EXCEPTION",
    ],
    [new ConnectorError("billing", "rejected", "ErrorMessage: ACCOUNT 000123 LOCKED BY NLUSER7"), 422, "NLUSER7"],
    [new ConnectorError("billing", "not_found", "No account 000123456-001 in CUSTMAST"), 404, "CUSTMAST"],
    [new ConnectorError("crm", "unavailable", "INVALID_SESSION_ID on Utility_Account__c"), 503, "Utility_Account__c"],
  ])("answers %s generically, without what the system said", async (error, status, secret) => {
    const { req, res, answer } = exchange("/api/fails");
    await failing(error)(req as never, res as never);
    expect(answer.status).toBe(status);
    expect(JSON.stringify(answer.body)).not.toContain(secret);
    expect(JSON.stringify(answer.body)).not.toContain((error as Error).message);
    expect(answer.body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  });
});
