import { describe, expect, it } from "vitest";
import { ZBillingAccountRecord } from "../../contract/billing-account-record";
import { billingAccountRecord } from "./billing-account-record";

const account = { customerId: "100200", locationId: "300400" };
const month = (billDate: string, gallons: number, billedUnits: number, amountCents: number) => ({
  billDate,
  gallons,
  billedUnits,
  amountCents,
});
const bill = (billDate: string, dueDate: string, dueCents: number) => ({
  billId: `B${billDate}`,
  type: "WATER/SEWER/REFUSE",
  amountDueWithoutPendingCents: dueCents,
  currentBalanceCents: dueCents,
  billDate,
  dueDate,
  pdfLink: "https://billing.test/bill.pdf",
});

describe("billingAccountRecord (spec 2 §3, E8)", () => {
  const record = billingAccountRecord(account, {
    history: {
      historyMonthly: [month("2026-09-01", 3000, 4, 3898), month("2026-10-01", 4500, 6, 5122)],
      totalAmountDueCents: 5122,
      accountDelinquentStatuses: [],
    },
    bills: [bill("2026-10-01", "2026-10-22", 5122), bill("2026-09-01", "2026-09-22", 0)],
    payments: [
      { paymentDate: "2026-09-15", amountCents: 3898 },
      { paymentDate: "2026-08-20", amountCents: 2500 },
    ],
  });

  it("answers the spec's shape, which its one schema accepts", () => {
    expect(ZBillingAccountRecord.parse(record)).toEqual(record);
    expect(record.accountInfo).toEqual({ customerId: "100200", locationId: "300400", type: "UTILITY" });
  });

  it("lists only the bills with something left to pay as upcoming, with the amount still due", () => {
    expect(record.upcomingBills).toEqual([{ amountCents: 5122, type: "WATER/SEWER/REFUSE", dueDate: "2026-10-22" }]);
  });

  it("gives each payment the water of the newest bill dated on or before it, null before the first bill", () => {
    expect(record.pastPayments).toEqual([
      { paymentDate: "2026-09-15", amountCents: 3898, gallons: 3000, billedUnits: 4 },
      { paymentDate: "2026-08-20", amountCents: 2500, gallons: null, billedUnits: null },
    ]);
  });

  it("refuses a record whose amounts are not whole cents", () => {
    const wrong = { ...record, upcomingBills: [{ amountCents: 51.22, type: "WATER", dueDate: "2026-10-22" }] };
    expect(ZBillingAccountRecord.safeParse(wrong).success).toBe(false);
  });
});
