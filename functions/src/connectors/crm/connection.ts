import { JsforceCrmConnector } from "./jsforce-crm-connector";
import type { CrmConnector } from "./types";

let instance: CrmConnector | undefined;

/** The process's one CRM connection (one login, reused), created on first use. */
export function crmConnector(): CrmConnector {
  instance ??= new JsforceCrmConnector();
  return instance;
}
