import { PlaceholderPage } from "@/components/layout/placeholder-page";

/** Add a stored payment method: a later issue builds this page; until then it is a real, titled route. */
export function Component() {
  return <PlaceholderPage titleKey="Pages.AddStoredPayment" />;
}
