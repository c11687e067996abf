import type { TFunction } from "i18next";

/**
 * A service's name in the current language: admins translate names on the languages page with
 * the English name as the key; without a translation the name shows as entered.
 */
export function serviceName(t: TFunction, item: string): string {
  return t(item, { defaultValue: item, keySeparator: false, nsSeparator: false });
}
