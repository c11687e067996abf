import type { AdminUserDetail } from "@contract/admin-users";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ToastProvider } from "@/components/ui/toasts";
import en from "@/locales/en.json";
import { UserEditForm } from "../components/user-edit-form";

const user = {
  Id: "u2",
  FirstName: "Bo",
  LastName: "Chen",
  Email: null,
  PhoneNumber: "(847) 555-0101",
  Admin: false,
  Staff: false,
  Verified: true,
  ProfilePictureUrl: null,
  SalesforceId: "003000000000001AAA",
  created_at: "2026-01-05T15:00:00.000Z",
  AdminChangedBy: null,
  AdminChangedAt: null,
} as unknown as AdminUserDetail;

describe("admin user edit form (spec 3 §4: audit item E04)", () => {
  it("shows the email read-only, and 'N/A' for a user without one", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <UserEditForm user={user} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const email = (await screen.findByLabelText(en.UsersAdmin.Column.Email)) as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    expect(email.value).toBe("N/A");
    expect(en.UsersAdmin.NotAvailable).toBe("N/A");
  });
});
