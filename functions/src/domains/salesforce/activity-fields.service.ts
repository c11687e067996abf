import { crmConnector } from "../../connectors/crm/connection";
import type { CrmConnector, CrmField } from "../../connectors/crm/types";
import { PromiseCache } from "../../platform/cache";

/** A field an admin can pick as a service's payment field. */
export interface CrmFieldOption {
  name: string;
  label: string;
  type: string;
}

/** Describe results change only when the city edits its CRM schema; the CRM counts every call. */
const DESCRIBE_TTL_MS = 6 * 60 * 60_000;
const describeCache = new PromiseCache<string, CrmFieldOption[]>({ ttlMs: DESCRIBE_TTL_MS, max: 100 });

/** The object's fields, from the cache when fresh; a failed describe is not cached. */
export function describeObjectFields(
  objectName: string,
  source: () => CrmConnector = crmConnector,
): Promise<CrmFieldOption[]> {
  return describeCache.get(objectName, () =>
    source()
      .describeFields(objectName)
      .then((all: CrmField[]) =>
        all
          .map((field) => ({ name: field.name, label: field.label, type: field.type }))
          .sort((a, b) => a.label.localeCompare(b.label)),
      ),
  );
}
