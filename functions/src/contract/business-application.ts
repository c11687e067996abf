import { z } from "zod";
import { YES_NO } from "./zoning-inquiry";

/**
 * The business application questionnaire (spec 3 §2, §9: OPEN or CHANGE, and yes or no answers).
 * The spec shows nothing more, so the questions and where they lead are configuration here: the
 * forms are catalogue services (their process ids and payment codes live in the catalogue).
 */
export const BUSINESS_APPLICATION_KINDS = ["OPEN", "CHANGE"] as const;
export type BusinessApplicationKind = (typeof BUSINESS_APPLICATION_KINDS)[number];

/** The catalogue service whose form each kind opens. */
export const BUSINESS_APPLICATION_FORMS: Record<BusinessApplicationKind, string> = {
  OPEN: "svc-business-open",
  CHANGE: "svc-business-change",
};

export const ZBusinessApplication = z.object({
  kind: z.enum(BUSINESS_APPLICATION_KINDS, { message: "Required" }),
  /** Has the city confirmed that the business is allowed at its address? No: a zoning inquiry first. */
  zoningConfirmed: z.enum(YES_NO, { message: "Required" }),
  /** Will the space be built, remodelled or altered? Yes: the permits first. */
  construction: z.enum(YES_NO, { message: "Required" }),
});
export type BusinessApplication = z.output<typeof ZBusinessApplication>;

export type BusinessApplicationNext = { kind: "zoning" } | { kind: "permits" } | { kind: "form"; activityId: string };

/** Where the answers lead: zoning before permits before the business's own form. */
export function businessApplicationNext(answers: BusinessApplication): BusinessApplicationNext {
  if (answers.zoningConfirmed === "No") return { kind: "zoning" };
  if (answers.construction === "Yes") return { kind: "permits" };
  return { kind: "form", activityId: BUSINESS_APPLICATION_FORMS[answers.kind] };
}
