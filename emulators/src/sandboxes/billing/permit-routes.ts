import express from "express";
import type { SeededPermit } from "../../seed/billing.ts";
import type { BillingStore } from "./store.ts";
import { ERROR_CODES, legacyCents, legacyDate, output } from "./wire.ts";

const row = (permit: SeededPermit) => ({
  ApplicationNumber: permit.number,
  ApplicationYear: String(permit.year),
  StreetNumber: permit.streetNumber,
  StreetName: permit.streetName,
  StreetSuffix: permit.streetSuffix,
  Name: permit.ownerName,
});

const text = (value: unknown) => (typeof value === "string" ? value.trim().toUpperCase() : "");

/** Permit search and detail, and business license renewal fees. */
export function permitRoutes(store: BillingStore) {
  const router = express.Router();

  router.get("/api/v1/permits", (req, res) => {
    const streetName = text(req.query.streetName);
    const streetNumber = text(req.query.streetNumber);
    const ownerName = text(req.query.ownerName);
    const parcelNumber = text(req.query.parcelNumber).replace(/[^0-9]/g, "");
    let matches: SeededPermit[];
    if (parcelNumber) {
      matches = store.seed.permits.filter((permit) => permit.parcelNumber.replace(/-/g, "") === parcelNumber);
    } else if (ownerName) {
      matches = store.seed.permits.filter((permit) => permit.ownerName.includes(ownerName));
    } else if (streetName) {
      // Street names match from the start ('HIGH' finds HIGHLAND); the number, when given, exactly.
      matches = store.seed.permits.filter(
        (permit) => permit.streetName.startsWith(streetName) && (!streetNumber || permit.streetNumber === streetNumber),
      );
    } else {
      res.status(400).json(output(ERROR_CODES.missingSearchCriteria, {}, "STREET NAME, OWNER NAME OR PARCEL REQUIRED"));
      return;
    }
    res.json(output(ERROR_CODES.ok, { Permits: matches.map(row) }));
  });

  router.get("/api/v1/permits/:year/:number", (req, res) => {
    const permit = store.seed.permits.find(
      (candidate) =>
        String(candidate.year) === req.params.year && Number(candidate.number) === Number(req.params.number),
    );
    if (!permit) {
      res.json(output(ERROR_CODES.permitNotFound, {}, "APPLICATION NOT FOUND"));
      return;
    }
    res.json(
      output(ERROR_CODES.ok, {
        Parcel: permit.parcelNumber,
        ApplicationDate: legacyDate(permit.applicationDate),
        EstimatedValue: legacyCents(permit.estimatedValueCents),
        TenantName: permit.tenantName,
        TenantNumber: permit.tenantNumber,
        ZoneDesc: permit.zone,
        Address: `${permit.streetNumber} ${permit.streetName} ${permit.streetSuffix}`,
        Owner: permit.ownerName,
        ApplicationType: permit.applicationType,
        SquareFootage: String(permit.squareFootage),
        ApplicationStatus: permit.status,
        ContractorName: permit.contractorName,
      }),
    );
  });

  router.post("/api/v1/business-licenses/fee-calculation", (req, res) => {
    const { LicenseYear, LicenseNumber, Pin } = (req.body ?? {}) as Record<string, unknown>;
    // Clerks write BL-24000; residents often type 24000 or bl-24000.
    const licenseKey = (value: unknown) =>
      String(value ?? "")
        .trim()
        .toUpperCase()
        .replace(/^BL-?/, "");
    const license = store.seed.licenses.find(
      (candidate) => licenseKey(candidate.licenseNumber) === licenseKey(LicenseNumber),
    );
    // A wrong PIN answers like an unknown license, so numbers cannot be probed.
    if (!license || license.pin !== String(Pin ?? "").trim()) {
      res.json(
        output(ERROR_CODES.licenseNotFound, {
          Success: "N",
          Fees: "0",
          Penalty: "0",
          Message: "LICENSE NUMBER OR PIN NOT VALID",
        }),
      );
      return;
    }
    const dues = license.dues[String(LicenseYear ?? "")];
    if (!dues) {
      res.json(
        output(ERROR_CODES.ok, { Success: "N", Fees: "0", Penalty: "0", Message: "NO RENEWAL ON FILE FOR THAT YEAR" }),
      );
      return;
    }
    res.json(
      output(ERROR_CODES.ok, {
        Success: "Y",
        Fees: legacyCents(dues.feeCents),
        Penalty: legacyCents(dues.penaltyCents),
        Message: dues.feeCents > 0 ? `RENEWAL FEES FOR ${license.businessName.toUpperCase()}` : "NO FEES DUE",
      }),
    );
  });

  return router;
}
