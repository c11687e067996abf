/**
 * The Open311 list as FixMyStreet polls it (GET /open311/v2/requests.json, the last 90 days) in a
 * city whose staff have moderated many reports over the years: the documents read per request.
 * Each listed case's moderation decides what the public sees (issue 31); the last review found the
 * lookup reading the whole reportModeration collection once a list held more than 30 cases.
 */
import { REPORT_TYPE_DEFINITIONS } from "../../functions/src/contract/reports.ts";
import { testAdmin } from "../kit/admin.ts";
import { stackCrm } from "../kit/identity.ts";
import { stackInfo } from "../kit/stack-info.ts";
import { markRequestLogs, readsPerRequest } from "./reads.ts";
import type { BenchRow } from "./table.ts";

/** New report cases the list shows, some of them moderated; and older moderated reports it does not show. */
const LISTED_CASES = 120;
const LISTED_MODERATED = 10;
const OLDER_MODERATED = 1000;
/** open311-read allows 600 per client address per 10 minutes; the api part's services.xml row sends about 510. */
const REQUESTS = 10;
const PATH = "/open311/v2/requests.json";

const moderation = (caseId: string, caseNumber: string) => ({
  caseId,
  caseNumber,
  nameHidden: true,
  private: false,
  hiddenNames: ["Bench"],
  redactedPhotos: [],
  updatedBy: "bench",
  updatedAt: new Date(),
});

export async function measureOpen311List(): Promise<{ rows: BenchRow[]; results: Record<string, unknown> }> {
  const crm = stackCrm();
  const { db } = testAdmin();
  const created: string[] = [];
  const IN_FLIGHT = 8;
  for (let start = 0; start < LISTED_CASES; start += IN_FLIGHT) {
    const batch = Array.from({ length: Math.min(IN_FLIGHT, LISTED_CASES - start) }, (_, index) => start + index);
    created.push(
      ...(await Promise.all(
        batch.map((n) =>
          crm.create("Case", {
            Subject: "Pothole",
            Description: `Bench: a pothole for the Open311 list (${n})`,
            Status: "New",
            Origin: "Portal",
            Service_Request_Type__c: REPORT_TYPE_DEFINITIONS.pothole.crm.serviceRequestType,
            Report_Address__c: "138 Highland Ave",
            Location__Latitude__s: 42.0391,
            Location__Longitude__s: -88.2871,
          }),
        ),
      )),
    );
  }
  const moderated = db.collection("reportModeration");
  const writes = [
    ...created.slice(0, LISTED_MODERATED).map((id) => ({ id, doc: moderation(id, "") })),
    ...Array.from({ length: OLDER_MODERATED }, (_, n) => {
      const id = `bench-moderated-${String(n).padStart(5, "0")}`;
      return { id, doc: moderation(id, String(90_000 + n).padStart(8, "0")) };
    }),
  ];
  for (let start = 0; start < writes.length; start += 500) {
    const batch = db.batch();
    for (const { id, doc } of writes.slice(start, start + 500)) batch.set(moderated.doc(id), doc);
    await batch.commit();
  }
  const inCollection = (await moderated.count().get()).data().count;

  try {
    const url = `${stackInfo().portalUrl}${PATH}`;
    const first = await fetch(url);
    const listed = ((await first.json()) as unknown[]).length;
    if (first.status !== 200 || listed < LISTED_CASES) {
      throw new Error(`${PATH}: ${first.status}, ${listed} requests listed (expected at least ${LISTED_CASES})`);
    }
    const mark = markRequestLogs();
    const ms: number[] = [];
    for (let n = 0; n < REQUESTS; n++) {
      const started = Date.now();
      const answer = await fetch(url);
      await answer.arrayBuffer();
      ms.push(Date.now() - started);
      if (answer.status !== 200) throw new Error(`${PATH}: ${answer.status}`);
    }
    const reads = readsPerRequest(mark, "/open311/v2/requests");
    const row = `open311 GET /requests.json (${listed} listed, ${inCollection} moderated reports)`;
    const sorted = [...ms].sort((a, b) => a - b);
    const rows: BenchRow[] = [
      { section: "api", row, measure: "documents read / request", value: reads.mean, unit: "" },
      { section: "api", row, measure: "most in one request", value: reads.max, unit: "" },
      {
        section: "api",
        row,
        measure: "p50 (one at a time)",
        value: sorted[Math.floor(sorted.length / 2)] ?? null,
        unit: "ms",
      },
    ];
    return { rows, results: { listed, moderatedInCollection: inCollection, reads, ms } };
  } finally {
    // The parts after this one see the city without them.
    for (let start = 0; start < writes.length; start += 500) {
      const batch = db.batch();
      for (const { id } of writes.slice(start, start + 500)) batch.delete(moderated.doc(id));
      await batch.commit();
    }
    for (const id of created) await crm.destroy("Case", id);
  }
}
