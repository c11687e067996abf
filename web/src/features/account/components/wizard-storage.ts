import type { AccountInformationInput, AddressStepInput, OrganizationInput } from "@contract/account-forms";

/**
 * What the user typed in the account creation wizard, kept in sessionStorage so a reload, a
 * failed call or going back and forth between steps loses nothing. Cleared when the wizard ends.
 */
export interface WizardData {
  address?: AddressStepInput;
  accountInformation?: AccountInformationInput;
  organizations?: OrganizationInput[];
}

export const WIZARD_STORAGE_KEY = "accountCreationWizard";

export function readWizard(): WizardData {
  try {
    const raw = window.sessionStorage.getItem(WIZARD_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === "object" ? (parsed as WizardData) : {};
  } catch {
    return {};
  }
}

export function saveWizard(patch: Partial<WizardData>): void {
  try {
    window.sessionStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify({ ...readWizard(), ...patch }));
  } catch {
    // Storage may be refused (private modes); the wizard then keeps data for this page only.
  }
}

export function clearWizard(): void {
  try {
    window.sessionStorage.removeItem(WIZARD_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
