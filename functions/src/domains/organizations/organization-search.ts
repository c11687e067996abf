import { crmConnector } from "../../connectors/crm/connection";
import { soql } from "../../connectors/crm/soql";
import { ORGANIZATION_SEARCH_MAX_RESULTS, type OrganizationHit } from "../../contract/account-forms";
import { PromiseCache } from "../../platform/cache";

/** Search answers per name for five minutes: each CRM query spends the CRM's daily API budget. */
const cache = new PromiseCache<string, OrganizationHit[]>({ ttlMs: 5 * 60 * 1000, max: 500 });

async function queryHits(text: string): Promise<OrganizationHit[]> {
  // At most the cap: whatever `exclude` says, no search can reach beyond the first 7 names.
  const rows = await crmConnector().query<{ Id: string; Name: string; BillingCity?: string | null }>(
    soql`SELECT Id, Name, BillingCity FROM Account WHERE Name LIKE ${`%${text}%`} ORDER BY Name LIMIT ${ORGANIZATION_SEARCH_MAX_RESULTS}`,
  );
  return rows.map((row) => ({ Id: row.Id, Name: row.Name, BillingCity: row.BillingCity ?? null }));
}

/**
 * Organizations whose name contains the text (spec 2 §5 step 3): only what the picker shows (id,
 * name, city). `exclude` holds the CRM ids of organizations already picked; it only removes hits
 * from the first seven, so it can't page through the CRM. Never tax ids: a hit that vanished when
 * a tax id was excluded would confirm whose tax id it is (issue 26, finding 8).
 */
export async function searchOrganizations(name: string, exclude: readonly string[]): Promise<OrganizationHit[]> {
  // LIKE wildcards typed by the user would widen the search; they are dropped.
  const text = name.replace(/[%_\\]/g, "").trim();
  const key = text.toLowerCase();
  const hits = await cache.get(key, () => queryHits(text));
  const excluded = new Set(exclude.map((value) => value.trim()).filter(Boolean));
  return hits.filter((hit) => !excluded.has(hit.Id)).map(({ Id, Name, BillingCity }) => ({ Id, Name, BillingCity }));
}
