import { crmConnector } from "../../connectors/crm/connection";
import { soql } from "../../connectors/crm/soql";
import { ORGANIZATION_SEARCH_MAX_RESULTS, type OrganizationHit } from "../../contract/account-forms";
import { PromiseCache } from "../../platform/cache";

interface CachedHit extends OrganizationHit {
  /** Kept on the server only: excluded tax ids are matched here and never sent to the browser. */
  taxId: string | null;
}

/** Search answers per name for five minutes: each CRM query spends the CRM's daily API budget. */
const cache = new PromiseCache<string, CachedHit[]>({ ttlMs: 5 * 60 * 1000, max: 500 });

async function queryHits(text: string): Promise<CachedHit[]> {
  // At most the cap: whatever `exclude` says, no search can reach beyond the first 7 names.
  const rows = await crmConnector().query<{
    Id: string;
    Name: string;
    Tax_Id__c?: string | null;
    BillingCity?: string | null;
  }>(
    soql`SELECT Id, Name, Tax_Id__c, BillingCity FROM Account WHERE Name LIKE ${`%${text}%`} ORDER BY Name LIMIT ${ORGANIZATION_SEARCH_MAX_RESULTS}`,
  );
  return rows.map((row) => ({
    Id: row.Id,
    Name: row.Name,
    BillingCity: row.BillingCity ?? null,
    taxId: row.Tax_Id__c ?? null,
  }));
}

/**
 * Organizations whose name contains the text (spec 2 §5 step 3): only what the picker shows (id,
 * name, city). `exclude` holds the tax ids or CRM ids of organizations already added; it only
 * removes hits from the first seven, so it can't page through the CRM.
 */
export async function searchOrganizations(name: string, exclude: readonly string[]): Promise<OrganizationHit[]> {
  // LIKE wildcards typed by the user would widen the search; they are dropped.
  const text = name.replace(/[%_\\]/g, "").trim();
  const key = text.toLowerCase();
  const hits = await cache.get(key, () => queryHits(text));
  const excluded = new Set(exclude.map((value) => value.trim()).filter(Boolean));
  return hits
    .filter((hit) => !excluded.has(hit.Id) && !(hit.taxId && excluded.has(hit.taxId)))
    .map(({ Id, Name, BillingCity }) => ({ Id, Name, BillingCity }));
}
