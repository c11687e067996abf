// POST /api/salesforce/activity/Case/:id/fixed

import { z } from "zod";
import { ZFixedAnswerInput } from "../../contract/case-updates";
import { ZCrmRecordId } from "../../contract/ids";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { answerFixedQuestion } from "./case-updates.service";

export const caseUpdatesRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: "/api/salesforce/activity/Case/:id/fixed",
    access: "onboarded",
    params: z.object({ id: ZCrmRecordId }),
    body: ZFixedAnswerInput,
    // Each "no" writes to the CRM; only a person who was asked about the case gets past the 404.
    throttle: [{ name: "case-fixed-answer", key: "caller", limit: 20, windowSeconds: 3600, counts: "failures" }],
    summary:
      'The caller\'s answer to "Is it fixed?" about her closed case; "no" reopens it with her note (through the outbox while the CRM is down: `reopened` false)',
    example: { params: { id: "500000000000001AAA" }, body: { answer: "notFixed", note: "The pothole is back." } },
    destructive: true,
    handler: async ({ params, body, user }) => answerFixedQuestion(requireUser(user), params.id, body),
  }),
];
