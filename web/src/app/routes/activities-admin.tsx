import { PlaceholderPage } from "@/components/layout/placeholder-page";

/** Activities: a later issue builds this page; until then it is a real, titled route. */
export function Component() {
  return <PlaceholderPage titleKey="Pages.ActivitiesAdmin" />;
}
