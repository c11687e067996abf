import type { DecodedIdToken } from "firebase-admin/auth";
import { describe, expect, it } from "vitest";
import type { AccessLevel } from "../../contract/access";
import { meetsAccess, type Principal } from "./principal";

const who = (emailVerified: boolean, salesforceId: string | null, admin: boolean, staff = false): Principal => ({
  uid: "u",
  email: "u@example.com",
  emailVerified,
  salesforceId,
  admin,
  staff,
  token: {} as DecodedIdToken,
});

const unverified = who(false, null, false);
const verifiedNoCrm = who(true, null, false);
const onboarded = who(true, "003000000000001AAA", false);
const admin = who(true, "003000000000005AAA", true);
const unverifiedAdminClaim = who(false, null, true);
const staff = who(true, null, false, true);
const staffWithCrmId = who(true, "003000000000201AAA", false, true);
const unverifiedStaffClaim = who(false, null, false, true);

const table: [string, Principal | null, AccessLevel[]][] = [
  ["anonymous", null, ["public"]],
  ["unverified", unverified, ["public", "signedIn"]],
  ["verified without CRM id", verifiedNoCrm, ["public", "signedIn", "verified"]],
  ["onboarded", onboarded, ["public", "signedIn", "verified", "onboarded"]],
  ["admin", admin, ["public", "signedIn", "verified", "onboarded", "staff", "admin"]],
  ["admin claim without verified email", unverifiedAdminClaim, ["public", "signedIn"]],
  ["staff without CRM id", staff, ["public", "signedIn", "verified", "staff"]],
  ["staff with a CRM id", staffWithCrmId, ["public", "signedIn", "verified", "onboarded", "staff"]],
  ["staff claim without verified email", unverifiedStaffClaim, ["public", "signedIn"]],
];

describe("meetsAccess", () => {
  const levels: AccessLevel[] = ["public", "signedIn", "verified", "onboarded", "staff", "admin"];
  for (const [name, principal, reached] of table) {
    it(`${name} reaches exactly ${reached.join(", ")}`, () => {
      expect(levels.filter((level) => meetsAccess(principal, level))).toEqual(reached);
    });
  }
});
