import { ActivitiesListPage } from "@/features/activities/components/activities-list-page";

/** /completed_activities (spec 2 §2): the completed activities. */
export function Component() {
  return <ActivitiesListPage list="completed" />;
}
