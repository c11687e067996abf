import { lazyConnectorAccessor } from "../accessor";
import type { CrmConnector } from "./types";

/** The process's one CRM connection (one login, reused); jsforce loads on the first call. */
export const crmConnector = lazyConnectorAccessor<CrmConnector>(
  async () => new (await import("./jsforce-crm-connector")).JsforceCrmConnector(),
);
