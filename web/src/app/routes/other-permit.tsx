import { PlaceholderPage } from "@/components/layout/placeholder-page";

/** Other permit application: a later issue builds this page; until then it is a real, titled route. */
export function Component() {
  return <PlaceholderPage titleKey="Pages.OtherPermit" />;
}
