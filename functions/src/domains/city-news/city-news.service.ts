import type { SoqlStatement } from "../../connectors/crm/soql";
import { cityToday } from "../../contract/city-time";

/**
 * The city news posts shown by a day, newest first (spec 3 §3: Show_On__c is the day a post starts
 * showing): the news feed's pages and site search read the same posts. The id tie-break keeps pages
 * stable between calls. `limit` and `offset` are validated integers; the day is YYYY-MM-DD, a SOQL
 * date literal.
 */
export function shownNewsQuery(
  fields: readonly string[],
  page: { limit: number; offset?: number },
  today: string = cityToday(),
): SoqlStatement {
  const offset = page.offset ? ` OFFSET ${page.offset}` : "";
  return {
    text: `SELECT ${fields.join(", ")} FROM Elgin_Today__c WHERE Show_On__c <= ${today} ORDER BY Show_On__c DESC, Id ASC LIMIT ${page.limit}${offset}`,
  };
}
