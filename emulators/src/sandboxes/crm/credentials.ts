/** What the CRM sandbox accepts; env() hands these to the functions. Not secrets: local only. */
export const CRM_SANDBOX_CREDENTIALS = {
  username: "integration@city-portal.example",
  password: "Sandbox-Crm-Pass1",
  clientId: "3MVG9sandboxPortalConnectedApp",
  clientSecret: "sandbox-connected-app-secret",
} as const;

/** The org and integration user ids the token endpoint reports. */
export const ORG_ID = "00D000000000001AAA";
export const INTEGRATION_USER_ID = "005000000000001AAA";
