import { isFieldRequired, REPORT_TYPE_DEFINITIONS, type ReportField, type ReportType } from "@contract/reports";
import { z } from "zod";
import type { PickedAddress } from "@/components/map/picked-address";
import { photosProblem } from "./report-steps";

/** What the report form holds while the resident goes through its steps. */
export interface ReportFormValues {
  /** The place as the address step settled on it: the label and the pin's position. */
  address: PickedAddress | null;
  /** The category step's answers, by field. */
  details: Partial<Record<ReportField, string>>;
  /** The asset picked from the nearest list (issue 33): its id, ASSET_NOT_SURE, or "" (none yet). */
  asset: string;
  description: string;
  extraDescription: string;
  photos: File[];
  /** "1" to "5", or "" (none yet). */
  rating: string;
}

export const REPORT_FORM_DEFAULTS: ReportFormValues = {
  address: null,
  details: {},
  asset: "",
  description: "",
  extraDescription: "",
  photos: [],
  rating: "",
};

/**
 * The report form's checks for one type (spec 3 §4, §5): the address, the category answers the type
 * asks (the container only for some waste services), the description and, for app feedback, the
 * rating are required; the photos must be at most 10 images of 10 MB together. Messages are
 * ErrorValidation reasons or whole keys (the photos' problems). The form checks one step's fields at
 * a time (useFormSteps); the API checks the payload again with ZReportData.
 */
export function reportFormSchema(type: ReportType) {
  const definition = REPORT_TYPE_DEFINITIONS[type];
  return z
    .object({
      address: z.custom<PickedAddress | null>(),
      details: z.custom<Partial<Record<ReportField, string>>>(),
      asset: z.string(),
      description: z.string(),
      extraDescription: z.string(),
      photos: z.custom<File[]>(),
      rating: z.string(),
    })
    .superRefine((values, ctx) => {
      const problem = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
      if (definition.address && !values.address) problem(["address"], "Required");
      for (const field of definition.fields)
        if (!values.details[field] && isFieldRequired(field, values.details)) problem(["details", field], "Required");
      if (!values.description.trim()) problem(["description"], "Required");
      const photos = photosProblem(values.photos);
      if (photos) problem(["photos"], `Report.PhotoProblems.${photos}`);
      if (definition.rating && !values.rating) problem(["rating"], "Required");
    });
}
