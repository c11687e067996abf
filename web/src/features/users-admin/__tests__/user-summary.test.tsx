import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { adminUserDetail } from "@/testing/admin-user";
import { UserSummary } from "../components/user-summary";

// 03:00 UTC on February 1 is still January 31 in America/Chicago.
const user = adminUserDetail({ created_at: "2026-02-01T03:00:00.000Z" });

describe("the admin user page's left column (spec 3 §2, §9: audit item E02)", () => {
  it.each([
    ["en", en, "January, 2026"],
    ["es", es, "enero de 2026"],
  ] as const)(
    "says member since in 'MMMM, YYYY' in America/Chicago time, with a default picture (%s)",
    async (language, texts, since) => {
      await i18n.changeLanguage(language);
      render(<UserSummary user={user} />);
      expect(screen.getByText(texts.UsersAdmin.MemberSince).nextElementSibling?.textContent).toBe(since);
      const picture = screen.getByRole("img", { name: texts.UsersAdmin.PictureAlt.replace("{{name}}", "Bo Chen") });
      expect(picture.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    },
  );
});
