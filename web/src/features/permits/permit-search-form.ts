import { PERMIT_OWNER_MIN_CHARS, PERMIT_SEARCH_MODES } from "@contract/permit-constants";
import { z } from "zod";

const required = z.string().trim().min(1, { message: "Required" });
/** /permit-search's form: the chosen mode's fields are required (messages are Permits.* keys). */
export const ZPermitSearchForm = z
  .object({
    mode: z.enum(PERMIT_SEARCH_MODES),
    streetNumber: z.string(),
    streetName: z.string(),
    year: z.string(),
    number: z.string(),
    parcelNumber: z.string(),
    ownerName: z.string(),
  })
  .superRefine((form, ctx) => {
    const need = (field: keyof typeof form, schema: z.ZodType = required) => {
      const result = schema.safeParse(form[field]);
      if (!result.success)
        ctx.addIssue({ code: "custom", path: [field], message: result.error.issues[0]?.message ?? "Invalid" });
    };
    if (form.mode === "address") need("streetName");
    if (form.mode === "name") need("ownerName", required.min(PERMIT_OWNER_MIN_CHARS, { message: "TooShort" }));
    if (form.mode === "parcelNumber")
      need("parcelNumber", required.regex(/^\d{2}-?\d{2}-?\d{3}-?\d{3}$/, { message: "Invalid" }));
    if (form.mode === "applicationNumber") {
      need("year", required.regex(/^(19|20)\d{2}$/, { message: "Invalid" }));
      need("number", required.regex(/^[0-9A-Za-z-]{1,12}$/, { message: "Invalid" }));
    }
  });
export type PermitForm = z.infer<typeof ZPermitSearchForm>;
