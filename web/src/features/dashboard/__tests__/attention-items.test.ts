import type { DashboardActivity } from "@contract/case-status";
import { describe, expect, it } from "vitest";
import { attentionItems } from "@/api/get-in-progress";

const activity = (id: string, actionRequired: boolean) => ({ id, actionRequired }) as DashboardActivity;

describe("attentionItems", () => {
  it("is the open activities that need action, as GET /api/activitiesPendingAction answers", () => {
    const response = {
      inProgress: [activity("a", true), activity("b", false), activity("c", true)],
      completed: [activity("d", true)],
    };
    expect(attentionItems(response).map((item) => item.id)).toEqual(["a", "c"]);
  });
});
