import type { AdminUserDetail } from "@contract/admin-users";

/** A user as GET /api/users/profile/:id answers an admin (spec 3 admin user pages), for the admin pages' tests. */
export const adminUserDetail = (overrides: Partial<AdminUserDetail> = {}): AdminUserDetail => ({
  Id: "u1",
  FirstName: "Bo",
  LastName: "Chen",
  Email: "bo@example.com",
  PhoneNumber: "(847) 555-0101",
  Admin: false,
  Staff: false,
  Verified: true,
  ProfilePictureUrl: null,
  SalesforceId: "003000000000001AAA",
  created_at: "2026-01-05T15:00:00.000Z",
  AdminChangedBy: null,
  AdminChangedAt: null,
  ...overrides,
});
