// GET /api/payment/form-fee?submissionId=&paymentCode=
import { type FormFee, ZFormFeeRef } from "../../contract/payment";
import { type AnyRoute, route } from "../../platform/http/route";
import { formFeeFor } from "./form-fee.service";

/** The form fee /payment shows (spec 1 §2.12, spec 2 §9): the amount comes from the forms service. */
export const formFeeRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/payment/form-fee",
    access: "onboarded",
    summary:
      "The fee of one of the caller's form submissions, as the forms service recorded it (404 for anyone else's)",
    query: ZFormFeeRef,
    // Each call may ask the forms service.
    throttle: [{ name: "form-fee", key: "caller", limit: 120, windowSeconds: 3600 }],
    example: { query: { submissionId: "00000000-0000-4000-8000-000000000000", paymentCode: "ALARM" } },
    handler: async ({ query, user }): Promise<FormFee> => {
      const { submissionId: _id, bpid: _bpid, ...fee } = await formFeeFor(user, query);
      return fee;
    },
  }),
];
