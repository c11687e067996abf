import type { AccountInformationInput, AddressStepInput, OrganizationInput } from "@contract/account-forms";
import { readStoredJson, removeStored, writeStored } from "@/lib/web-storage";

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
  const parsed = readStoredJson("session", WIZARD_STORAGE_KEY);
  return parsed && typeof parsed === "object" ? (parsed as WizardData) : {};
}

export function saveWizard(patch: Partial<WizardData>): void {
  // Storage may be refused (private modes); the wizard then keeps data for this page only.
  writeStored("session", WIZARD_STORAGE_KEY, JSON.stringify({ ...readWizard(), ...patch }));
}

export function clearWizard(): void {
  removeStored("session", WIZARD_STORAGE_KEY);
}
