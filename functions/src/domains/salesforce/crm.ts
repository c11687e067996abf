import { JsforceCrmConnector } from "../../connectors/crm/jsforce-crm-connector";
import type { CrmConnector } from "../../connectors/crm/types";

let instance: CrmConnector | undefined;

/** The process's one CRM connection (one login, reused), created on first use. */
export function crmConnector(): CrmConnector {
  instance ??= new JsforceCrmConnector();
  return instance;
}
