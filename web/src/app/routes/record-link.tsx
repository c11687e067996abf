import { Navigate, useParams } from "react-router-dom";
import { paths } from "@/config/paths";

/** A CRM record id: 15 or 18 letters and digits, with at least one digit (no page name looks like that). */
const RECORD_ID = /^(?=.*\d)[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?$/;

/**
 * /{RecordId} (spec 1 §2.1, signed in): the links in the city's letters. A record id works as
 * /dashboard/{RecordId} does (creates the late-payment-interest case, then /paymentLPI); any other
 * unknown path goes to /, as every unknown path does.
 */
export function Component() {
  const { recordId = "" } = useParams();
  return <Navigate to={RECORD_ID.test(recordId) ? paths.dashboardRecord.href(recordId) : paths.home.href()} replace />;
}
