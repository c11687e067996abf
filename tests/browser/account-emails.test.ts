import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import { deleteCreatedUsers, testAdmin } from "../kit/admin.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { freshVerifiedUser } from "../kit/identity.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { bounceAddresses, linkIn, mailControl, mailsTo, waitForMails } from "../kit/mail.ts";
import { secondPersonContext } from "../kit/second-context.ts";
import { stackInfo } from "../kit/stack-info.ts";

const OLD_PASSWORD = "Old-Password-2026!";
const NEW_PASSWORD = "Nueva-Clave-2026!";
const created: string[] = [];
afterAll(async () => {
  await mailControl().setFaults({ down: false });
  await bounceAddresses([]);
  await deleteCreatedUsers(created);
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

/**
 * Issue 29's journey: the clerk sends a password-reset email from the admin user view; the mail
 * arrives at the city's mail relay (the mail sandbox) in the person's language; its link opens the
 * portal's reset page with Firebase's code; the person chooses a new password and signs in with it.
 */
describe("the clerk's password-reset email", () => {
  const browser = useBrowser();

  it("arrives in the person's language, its link resets the password, and the person signs in with the new one", {
    timeout: 240_000,
  }, async () => {
    const { page, url, context } = browser;
    const person = await freshVerifiedUser("Lucia", { password: OLD_PASSWORD, created });
    await testAdmin().db.collection("users").doc(person.uid).update({ Language: "es", FirstName: "Lucía" });

    await logInThroughForm(page, url, seededUser("admin").email);
    await page.goto(url(`/users/view/${person.uid}/users`));
    const button = page.getByRole("button", { name: en.UsersAdmin.SendResetEmail });
    await button.waitFor({ timeout: 60_000 });
    await button.click();
    // The success toast comes only once the mail server took the mail: it is there already.
    await page
      .getByRole("status")
      .filter({ hasText: en.UsersAdmin.EmailSent.replace("{{email}}", person.email) })
      .waitFor();
    const [mail] = await mailsTo(person.email);
    expect(mail?.subject).toBe("Restablezca su contraseña del portal de la Ciudad de Elgin");
    expect(mail?.language).toBe("es");
    expect(mail?.html).toContain("Elegir una nueva contraseña");
    const link = linkIn(mail as never, stackInfo().portalUrl);
    expect(new URL(link).pathname).toBe("/resetPassword");

    // The admin user view lists it among the person's last messages, with its channel and status
    // (issue 29; the console's person view list, GET /api/console/people/:id).
    await page.reload();
    const lastMessages = page.getByRole("region", { name: en.Console.Messages });
    await lastMessages
      .getByRole("listitem")
      .filter({
        hasText: `Restablezca su contraseña del portal de la Ciudad de Elgin (${en.Console.Channel.email}, ${en.Console.Status.delivered})`,
      })
      .waitFor({ timeout: 20_000 });
    await expectNoAxeViolations(page, "/users/view with the person's last messages (en)");

    // The person, in a browser of their own, follows the link.
    const own = await secondPersonContext(context);
    const personPage = await own.newPage();
    try {
      await personPage.goto(link);
      // Firebase answers the code's email in lower case.
      await personPage.getByText(en.Auth.ResetPassword.For.replace("{{email}}", person.email.toLowerCase())).waitFor({
        timeout: 30_000,
      });
      await expectNoAxeViolations(personPage, "/resetPassword from the email");
      await personPage.getByLabel(en.Auth.Fields.NewPassword, { exact: true }).fill(NEW_PASSWORD);
      await personPage.getByLabel(en.Auth.Fields.ConfirmPassword, { exact: true }).fill(NEW_PASSWORD);
      await personPage.getByRole("button", { name: en.Auth.ResetPassword.Submit }).click();
      await personPage.getByText(en.Auth.ResetPassword.Done).waitFor({ timeout: 20_000 });

      // The old password no longer works; the new one signs the person in.
      await personPage.goto(url("/login"));
      await personPage.getByLabel(en.Auth.Fields.Email, { exact: true }).fill(person.email);
      await personPage.getByLabel(en.Auth.Fields.Password, { exact: true }).fill(OLD_PASSWORD);
      await personPage.getByRole("button", { name: en.Auth.Login.Submit, exact: true }).click();
      await personPage.getByRole("alert").first().waitFor({ timeout: 20_000 });
      expect(pathOf(personPage)).toBe("/login");
      await logInThroughForm(personPage, url, person.email, { password: NEW_PASSWORD });
      expect(pathOf(personPage)).not.toBe("/login");
    } finally {
      await own.close();
    }
  });

  it("with the mail server down the clerk is told the email is queued, not sent; it arrives once the server is back", {
    timeout: 240_000,
  }, async () => {
    const { page, url } = browser;
    const person = await freshVerifiedUser("Queued", { password: OLD_PASSWORD, created });
    await logInThroughForm(page, url, seededUser("admin").email);
    await page.goto(url(`/users/view/${person.uid}/users`));
    const button = page.getByRole("button", { name: en.UsersAdmin.SendResetEmail });
    await button.waitFor({ timeout: 60_000 });
    await mailControl().setFaults({ down: true });
    try {
      await button.click();
      await page
        .getByRole("alert")
        .filter({ hasText: en.UsersAdmin.EmailQueued.replace("{{email}}", person.email) })
        .waitFor({ timeout: 30_000 });
      await expect(page.getByText(en.UsersAdmin.EmailSent.replace("{{email}}", person.email)).count()).resolves.toBe(0);
    } finally {
      await mailControl().setFaults({ down: false });
    }
    const { deliverDueOutbox } = await import("../../functions/src/domains/outbox/outbox.service.ts");
    const { pointJobsAtStack } = await import("../kit/jobs.ts");
    pointJobsAtStack();
    await deliverDueOutbox();
    const mails = await waitForMails(person.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Reset your City of Elgin portal password");
  });
});
