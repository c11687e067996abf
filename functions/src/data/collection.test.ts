import { Timestamp } from "firebase-admin/firestore";
import { describe, expect, it } from "vitest";
import { ZActivityDoc } from "./activities";
import { ZOrgMemberDoc } from "./org-members";
import { ZUserDoc } from "./users";

describe("document schemas", () => {
  it("read a document of wrong or missing field types as empty values instead of failing", () => {
    const user = ZUserDoc.parse({ FirstName: "", LastName: 42, Admin: "yes", created_at: "2026-01-01", Extra: 1 });
    expect(user).toMatchObject({
      FirstName: null,
      LastName: null,
      Email: null,
      Admin: false,
      created_at: null,
      salesforceContact: null,
      additionalProperties: [],
      notificationPrefs: {},
    });
  });

  it("keep well-typed values as stored", () => {
    const created = Timestamp.fromMillis(1_700_000_000_000);
    const user = ZUserDoc.parse({
      FirstName: "Maria",
      SalesforceId: "003000000000001AAA",
      created_at: created,
      salesforceContact: { address1: "150 Highland Ave", city: "Elgin", zip: 60123 },
      notificationPrefs: { pastDue: { enabled: true } },
    });
    expect(user.FirstName).toBe("Maria");
    expect(user.created_at).toBe(created);
    expect(user.salesforceContact).toEqual({
      address1: "150 Highland Ave",
      address2: null,
      city: "Elgin",
      state: null,
      zip: null,
    });
    expect(user.notificationPrefs).toEqual({ pastDue: { enabled: true, optedOut: false } });
  });

  it("default an unknown activity type and action like the catalogue always did", () => {
    const activity = ZActivityDoc.parse({ Item: "Pothole", Type: "BOGUS", Action: 3, Order: "1" });
    expect(activity).toMatchObject({ Item: "Pothole", Type: "CONTENT", Action: "FIND", Order: 0, Published: false });
  });

  it("read an unknown membership role as a plain member", () => {
    expect(ZOrgMemberDoc.parse({ Role: "owner", Verified: true })).toMatchObject({ Role: "member", Verified: true });
  });
});

describe("every document schema", () => {
  it("reads an empty document without failing", async () => {
    const modules = await Promise.all([
      import("./activities"),
      import("./billing-accounts"),
      import("./feature-flag-changes"),
      import("./feature-flags"),
      import("./maintenance-periods"),
      import("./notifications"),
      import("./org-members"),
      import("./outbox"),
      import("./push-tokens"),
      import("./system-alerts"),
      import("./translations"),
      import("./user-events"),
      import("./users"),
    ]);
    const schemas = modules.flatMap((module) => Object.entries(module).filter(([name]) => /^Z\w+Doc$/.test(name))) as [
      string,
      { parse: (value: unknown) => unknown },
    ][];
    expect(schemas.length).toBe(13);
    for (const [name, schema] of schemas) expect(() => schema.parse({}), name).not.toThrow();
  });
});
