import { describe, expect, it } from "vitest";
import { ZAdminUserEditForm, ZAdminUserUpdate } from "./account-forms";

const filled = {
  FirstName: "Maria",
  LastName: "Lopez",
  PhoneNumber: "(847) 555-0101",
  SalesforceId: "003000000000001AAA",
  Admin: false,
  Staff: false,
};

const messageOf = (input: unknown, field: string) => {
  const result = ZAdminUserEditForm.safeParse(input);
  return result.success ? null : (result.error.issues.find((issue) => issue.path[0] === field)?.message ?? null);
};

describe("admin user edit (spec 3 §5, issue 33 E06)", () => {
  it("requires FirstName, LastName, PhoneNumber and SalesforceId, each with 'Required'", () => {
    expect(ZAdminUserEditForm.safeParse(filled).success).toBe(true);
    for (const field of ["FirstName", "LastName", "PhoneNumber", "SalesforceId"]) {
      expect(messageOf({ ...filled, [field]: "  " }, field), field).toBe("Required");
    }
    expect(messageOf({ ...filled, PhoneNumber: "555" }, "PhoneNumber")).toBe("Invalid");
    expect(messageOf({ ...filled, SalesforceId: "003" }, "SalesforceId")).toBe("Invalid");
  });

  it("the API refuses a blank phone or CRM id sent in an update; leaving them out changes nothing", () => {
    expect(ZAdminUserUpdate.safeParse({ PhoneNumber: "" }).success).toBe(false);
    expect(ZAdminUserUpdate.safeParse({ SalesforceId: "" }).success).toBe(false);
    expect(ZAdminUserUpdate.safeParse({ Language: "es" }).success).toBe(true);
    expect(
      ZAdminUserUpdate.safeParse({ PhoneNumber: "(847) 555-0101", SalesforceId: "003000000000001AAA" }).success,
    ).toBe(true);
  });
});
