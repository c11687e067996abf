import { describe, expect, it } from "vitest";
import { ConnectorError } from "../../platform/connector-error";
import { errorChain, toConnectorError } from "./errors";

class SocketError extends Error {
  code = "UND_ERR_SOCKET";
}

describe("toConnectorError", () => {
  it("keeps the failure's class and its causes for the logs (a fetch that lost its socket)", () => {
    const lost = new TypeError("fetch failed", { cause: new SocketError("other side closed") });
    const error = toConnectorError(lost, "CRM create Case");
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toMatchObject({ kind: "unavailable", message: "CRM create Case: the CRM is unavailable" });
    expect(error.detail).toMatchObject({
      chain: "TypeError: fetch failed <- SocketError: other side closed (UND_ERR_SOCKET)",
    });
  });

  it("names a refusal by the CRM's code", () => {
    const refused = Object.assign(new Error("No such column 'X__c'"), { errorCode: "INVALID_FIELD" });
    expect(toConnectorError(refused, "CRM create Case")).toMatchObject({ kind: "rejected" });
    expect(errorChain("plain")).toBe("plain");
  });
});
