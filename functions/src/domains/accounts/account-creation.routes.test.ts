import { describe, expect, it } from "vitest";
import { utilityAccountKey } from "./account-creation.routes";

describe("utilityAccountKey", () => {
  it("gives one throttle key however the account's leading zeros are typed", () => {
    expect(utilityAccountKey("000123456-000789")).toBe("123456-789");
    expect(utilityAccountKey("123456-789")).toBe("123456-789");
    expect(utilityAccountKey("0123456")).toBe("123456");
    expect(utilityAccountKey("0-0")).toBe("0-0");
  });
});
