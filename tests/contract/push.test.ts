import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RunningSandbox, sandboxControl, startSandbox } from "../../emulators/src/sandboxes/kit.ts";
import {
  pushSandbox,
  type RecordedPushMessage,
  UNREGISTERED_TOKEN_PREFIX,
} from "../../emulators/src/sandboxes/push/index.ts";
import { createPushConnector } from "../../functions/src/connectors/push/connection";
import { ConnectorError } from "../../functions/src/platform/connector-error";
import { timeWhileSlow } from "../kit/sandbox.ts";

let sandbox: RunningSandbox;
let control: ReturnType<typeof sandboxControl>;
const push = () => createPushConnector();

async function recorded(): Promise<RecordedPushMessage[]> {
  const response = await fetch(`${sandbox.url}/__sandbox/messages`);
  return ((await response.json()) as { messages: RecordedPushMessage[] }).messages;
}

async function expectUnavailable(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  expect(error).toMatchObject({ system: "push", kind: "unavailable" });
}

const notification = { title: "Water main repair", body: "Water will be off on Spring St from 9 to 11 AM." };

beforeAll(async () => {
  sandbox = await startSandbox(pushSandbox, 0);
  Object.assign(process.env, sandbox.env, { GCLOUD_PROJECT: "demo-city-portal", PUSH_TIMEOUT_MS: "2000" });
  control = sandboxControl(sandbox.url);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  // Faults off, counters zero and recorded messages cleared.
  await control.reset();
});

describe("reset", () => {
  it("the control endpoint's reset clears recorded messages", async () => {
    await push().send([{ token: "device-reset", notification }]);
    expect((await recorded()).length).toBe(1);
    await control.reset();
    expect(await recorded()).toEqual([]);
  });
});

describe("sending", () => {
  it("sends each message in FCM v1 shape and the sandbox records it", async () => {
    const result = await push().send([
      { token: "device-a", notification, data: { kind: "bulk", id: "42" } },
      { token: "device-b", notification },
    ]);
    expect(result).toMatchObject({ successCount: 2, failureCount: 0 });
    expect(result.responses[0]).toMatchObject({
      success: true,
      messageId: expect.stringMatching(/^projects\/demo-city-portal\/messages\//),
    });
    const messages = await recorded();
    expect(messages.map((entry) => entry.message.token).sort()).toEqual(["device-a", "device-b"]);
    expect(messages.find((entry) => entry.message.token === "device-a")?.message).toEqual({
      token: "device-a",
      notification,
      data: { kind: "bulk", id: "42" },
    });
  });

  it("sends a multicast as one message per token and reports unregistered tokens one by one", async () => {
    const tokens = Array.from({ length: 30 }, (_, index) => `device-${index}`);
    tokens[7] = `${UNREGISTERED_TOKEN_PREFIX}old-phone`;
    const result = await push().sendEachForMulticast({ tokens, notification });
    expect(result).toMatchObject({ successCount: 29, failureCount: 1 });
    expect(result.responses[7]).toMatchObject({ success: false, error: { code: "unregistered" } });
    expect(await recorded()).toHaveLength(29);
    expect((await control.counters()).byRoute["POST /v1/projects/demo-city-portal/messages:send"]).toBe(30);
  });

  it("rejects a message whose data values are not strings, without stopping the others", async () => {
    const bad = { token: "device-x", notification, data: { count: 3 as unknown as string } };
    const result = await push().send([bad, { token: "device-y", notification }]);
    expect(result.responses[0]).toMatchObject({ success: false, error: { code: "rejected" } });
    expect(result.successCount).toBe(1);
  });

  it("sends nothing for an empty list", async () => {
    expect(await push().send([])).toEqual({ responses: [], successCount: 0, failureCount: 0 });
    expect((await control.counters()).total).toBe(0);
  });
});

describe("faults and counters", () => {
  it("gives up on a slow service within the adapter's timeout: unavailable", async () => {
    const elapsed = await timeWhileSlow(control, "PUSH_TIMEOUT_MS", async () => {
      await expectUnavailable(push().send([{ token: "device-a", notification }]));
    });
    expect(elapsed).toBeLessThan(1000);
  });

  it("maps the service's own failures (failureRate 1) to unavailable", async () => {
    await control.setFaults({ failureRate: 1 });
    await expectUnavailable(push().sendEachForMulticast({ tokens: ["a", "b"], notification }));
  });

  it("maps a host that drops connections (down) to unavailable", async () => {
    await control.setFaults({ down: true });
    await expectUnavailable(push().send([{ token: "device-a", notification }]));
  });

  it("counts requests: one per message", async () => {
    await push().sendEachForMulticast({ tokens: ["a", "b", "c"], notification });
    expect((await control.counters()).total).toBe(3);
  });
});
