import { Timestamp } from "firebase-admin/firestore";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../platform/firebase";
import { FIRESTORE_START_TIMEOUT_MS, useFirestoreEmulator } from "./__tests__/firestore-emulator";
import { documentsRead, meteringReads } from "./read-meter";
import { reportModerationOf } from "./report-moderation";

useFirestoreEmulator("demo-report-moderation");

const caseId = (n: number) => `500C${String(n).padStart(11, "0")}AAA`;

/** Staff moderated these cases (a document each, as changeReportModeration writes it). */
async function moderate(numbers: number[]) {
  const batch = db().batch();
  for (const n of numbers) {
    batch.set(db().collection("reportModeration").doc(caseId(n)), {
      caseId: caseId(n),
      caseNumber: String(10_000 + n).padStart(8, "0"),
      nameHidden: n % 2 === 0,
      private: n % 3 === 0,
      hiddenNames: [],
      redactedPhotos: [],
      updatedBy: "staff-1",
      updatedAt: Timestamp.now(),
    });
  }
  await batch.commit();
}

/** What reportModerationOf answers for these cases, and the documents it read (as Firestore bills them). */
async function moderationOf(numbers: number[]) {
  return meteringReads(async () => {
    const found = await reportModerationOf(numbers.map(caseId));
    return { found, reads: documentsRead() };
  });
}

describe("reportModerationOf (the Open311 list and nearby reports read it per request)", () => {
  // The first write also opens the client's connection to the emulator (2-3 s on a busy machine).
  beforeAll(async () => {
    // 60 moderated reports the lists below do not show, and those they do: 1000, 1031, 1070 and 2001.
    await moderate([...Array.from({ length: 60 }, (_, index) => index + 1), 1000, 1031, 1070, 2001]);
  }, FIRESTORE_START_TIMEOUT_MS);

  it("reads only the listed cases' moderation, however many reports were moderated: 100 cases cost 4 reads, not the whole collection's 64", async () => {
    const listed = Array.from({ length: 100 }, (_, index) => 1000 + index);
    const { found, reads } = await moderationOf(listed);
    expect([...found.keys()].sort()).toEqual([caseId(1000), caseId(1031), caseId(1070)]);
    expect(found.get(caseId(1000))).toMatchObject({ caseNumber: "00011000", nameHidden: true, private: false });
    expect(found.get(caseId(1070))).toMatchObject({ nameHidden: true, private: false });
    // Four `in` queries (cases 1000-1029, 1030-1059, 1060-1089, 1090-1099) find 1000, 1031, 1070 and
    // nothing; a query that finds nothing is still billed one read: 4. Reading the whole collection was 64.
    expect(reads).toBe(4);
  });

  it("a short list costs what it finds (at least one read), a repeated id is read once, no ids read nothing", async () => {
    const short = await moderationOf([2000, 2001, 2001, 2002, 2003]);
    expect([...short.found.keys()]).toEqual([caseId(2001)]);
    expect(short.reads).toBe(1);
    const none = await moderationOf([]);
    expect(none.found.size).toBe(0);
    expect(none.reads).toBe(0);
  });
});
