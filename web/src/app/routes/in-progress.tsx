import { ActivitiesListPage } from "@/features/activities/components/activities-list-page";

/** /in_progress (spec 2 §2): the active activities, then the previous (completed) ones. */
export function Component() {
  return <ActivitiesListPage list="inProgress" />;
}
