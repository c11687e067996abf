import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerRuntimeErrorsAsJson } from "./runtime-errors";

// As the runtimes do: Express is loaded, then the function module (which patches), then the app is made.
let server: ReturnType<ReturnType<typeof express>["listen"]>;
let url: string;

beforeAll(async () => {
  expect(answerRuntimeErrorsAsJson()).toBeGreaterThan(0);
  const app = express();
  app.use(express.json());
  app.post("/api/echo", (req, res) => {
    res.json(req.body);
  });
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const post = (body: string) =>
  fetch(`${url}/api/echo`, { method: "POST", headers: { "content-type": "application/json" }, body });

describe("errors of the runtime's body parser", () => {
  it("answer a malformed JSON body with 400 and the JSON error shape, not Express's HTML page", async () => {
    const response = await post('{"email":');
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      error: { code: "bad_request", message: expect.stringContaining("valid JSON"), requestId: expect.any(String) },
    });
  });

  it("answer a bare JSON scalar (refused by the strict parser) the same way", async () => {
    const response = await post('"just a string"');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("bad_request");
  });

  it("leave valid bodies to the function and patch each Express copy once", async () => {
    const response = await post('{"ok":true}');
    expect(await response.json()).toEqual({ ok: true });
    expect(answerRuntimeErrorsAsJson()).toBeGreaterThan(0);
    expect((await post("{")).status).toBe(400);
  });
});
