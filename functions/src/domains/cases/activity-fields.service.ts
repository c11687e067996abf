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
const describeCache = new PromiseCache<string, CrmField[]>({ ttlMs: DESCRIBE_TTL_MS, max: 100 });

/** The object's described fields, from the cache when fresh; a failed describe is not cached. */
function describedFields(objectName: string, source: () => CrmConnector): Promise<CrmField[]> {
  return describeCache.get(objectName, () => source().describeFields(objectName));
}

/** The object's fields by label, from the cache when fresh. */
export async function describeObjectFields(
  objectName: string,
  source: () => CrmConnector = crmConnector,
): Promise<CrmFieldOption[]> {
  return (await describedFields(objectName, source))
    .map((field) => ({ name: field.name, label: field.label, type: field.type }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The active values of a picklist field in the CRM's order (an object's statuses), from the cache. */
export async function picklistValuesOf(
  objectName: string,
  fieldName: string,
  source: () => CrmConnector = crmConnector,
): Promise<string[]> {
  const field = (await describedFields(objectName, source)).find((candidate) => candidate.name === fieldName);
  return (field?.picklistValues ?? []).filter((value) => value.active).map((value) => value.value);
}
