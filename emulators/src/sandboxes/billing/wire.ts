/**
 * How the billing system writes values: money as a cents string with a trailing minus when
 * negative ('1250-' is -$12.50), dates as YYYYMMDD, result codes as 4-digit strings.
 */
export const legacyCents = (cents: number) => (cents < 0 ? `${-cents}-` : String(cents));

export const legacyDate = (isoDate: string) => isoDate.replaceAll("-", "");

export const ERROR_CODES = {
  ok: "0000",
  invalidAccountNumber: "0101",
  accountNotFound: "0102",
  streetNumberMismatch: "0201",
  invalidBankAccount: "0301",
  invalidAutopayRequest: "0302",
  autopayNotFound: "0303",
  invalidPayment: "0401",
  idempotencyConflict: "0409",
  missingSearchCriteria: "0500",
  permitNotFound: "0502",
  licenseNotFound: "0601",
  system: "9999",
} as const;

/** Every answer is wrapped like the system's RPG programs answer: { OutputParms: {...} }. */
export const output = (errorCode: string, fields: Record<string, unknown> = {}, errorMessage = "") => ({
  OutputParms: { ErrorCode: errorCode, ErrorMessage: errorMessage, ...fields },
});
