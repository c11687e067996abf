import type { Locator, Page } from "playwright-core";
import en from "../../web/src/locales/en.json" with { type: "json" };

/** The page's texts: English, or Spanish typed as English (`es as typeof en`). */
type Texts = typeof en;

/** A water account's row in the account page's list of water accounts (/account/:uid). */
export function waterAccountRow(page: Page, accountNumber: string, texts: Texts = en): Locator {
  return page
    .getByRole("region", { name: texts.Billing.Accounts.Title })
    .getByRole("listitem")
    .filter({ hasText: accountNumber });
}

/** Opens a water account's autopay modal from its row on the account page, and answers the dialog. */
export async function openAutopay(page: Page, accountNumber: string, texts: Texts = en): Promise<Locator> {
  await page
    .getByRole("button", { name: texts.Billing.Autopay.OpenLabel.replace("{{accountNumber}}", accountNumber) })
    .click();
  const dialog = page.getByRole("dialog", {
    name: texts.Billing.Autopay.Title.replace("{{accountNumber}}", accountNumber),
  });
  await dialog.waitFor();
  return dialog;
}

/** On /payment: looks a water account up by its customer ID and waits for the account's heading. */
export async function lookUpWaterAccount(page: Page, accountNumber: string, texts: Texts = en): Promise<void> {
  await page.getByLabel(texts.Payment.CustomerId).fill(accountNumber);
  await page.getByRole("button", { name: texts.Payment.LookUp }).click();
  await page
    .getByRole("heading", { name: texts.Payment.AccountLabel.replace("{{accountNumber}}", accountNumber) })
    .waitFor();
}

/**
 * On /payment: looks the account up and goes on to the card with Next. Signed in, an account paid
 * already this cycle can still be paid, at least $1 (spec 2 §5): then the amount is typed first.
 */
export async function lookUpAndGoOn(page: Page, accountNumber: string): Promise<void> {
  await lookUpWaterAccount(page, accountNumber);
  const next = page.getByRole("button", { name: en.Payment.Next });
  if (await next.isDisabled()) await page.getByLabel(en.Payment.Amount).fill("5.00");
  await next.click();
}
