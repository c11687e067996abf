import { SEEDED_FORM_PROCESSES } from "./activities.ts";

export type FormFieldType = "text" | "email" | "tel" | "date" | "textarea" | "select" | "number";

export interface FormField {
  name: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  options?: string[];
  hint?: string;
}

export interface BusinessProcess {
  id: string;
  name: string;
  fields: FormField[];
  /** The form's fee in cents, from what was entered. */
  feeCents: (values: Record<string, string>) => number;
}

/** The process the quick-permit page starts (spec 3: "a process id ... not shown"). */
export const QUICK_PERMIT_PROCESS_ID = SEEDED_FORM_PROCESSES.quickPermit;

const applicant: FormField[] = [
  { name: "firstName", label: "First name", type: "text", required: true },
  { name: "lastName", label: "Last name", type: "text", required: true },
  { name: "email", label: "Email address", type: "email", required: true },
  { name: "phone", label: "Phone number", type: "tel", required: false, hint: "For example (847) 555-0101" },
  { name: "address", label: "Street address", type: "text", required: true },
];

const free = () => 0;
const fixed = (cents: number) => () => cents;

export const BUSINESS_PROCESSES: readonly BusinessProcess[] = [
  {
    id: SEEDED_FORM_PROCESSES.blockParty,
    name: "Block Party Permit",
    fields: [
      ...applicant,
      { name: "eventDate", label: "Date of the block party", type: "date", required: true },
      { name: "blockFrom", label: "Street closed from (cross street)", type: "text", required: true },
      { name: "blockTo", label: "Street closed to (cross street)", type: "text", required: true },
    ],
    feeCents: free,
  },
  {
    id: SEEDED_FORM_PROCESSES.specialEvent,
    name: "Special Event Permit",
    fields: [
      ...applicant,
      { name: "eventName", label: "Name of the event", type: "text", required: true },
      { name: "eventDate", label: "Date of the event", type: "date", required: true },
      { name: "attendance", label: "Expected attendance", type: "number", required: true },
    ],
    // $75 plus $25 for events over 500 people.
    feeCents: (values) => 7500 + (Number(values.attendance) > 500 ? 2500 : 0),
  },
  {
    id: SEEDED_FORM_PROCESSES.pavilion,
    name: "Park Pavilion Rental",
    fields: [
      ...applicant,
      {
        name: "park",
        label: "Park",
        type: "select",
        required: true,
        options: ["Lords Park", "Wing Park", "Trout Park"],
      },
      { name: "rentalDate", label: "Rental date", type: "date", required: true },
    ],
    feeCents: fixed(5000),
  },
  {
    id: SEEDED_FORM_PROCESSES.treePlanting,
    name: "Parkway Tree Planting Request",
    fields: [...applicant, { name: "notes", label: "Where should the tree go?", type: "textarea", required: false }],
    feeCents: free,
  },
  {
    id: SEEDED_FORM_PROCESSES.alarmPermit,
    name: "Alarm Permit",
    fields: [
      ...applicant,
      { name: "alarmCompany", label: "Alarm company", type: "text", required: true },
      { name: "alarmType", label: "Alarm type", type: "select", required: true, options: ["Burglary", "Fire", "Both"] },
    ],
    feeCents: fixed(2500),
  },
  {
    id: QUICK_PERMIT_PROCESS_ID,
    name: "Quick Permit",
    fields: [
      ...applicant,
      { name: "permits", label: "Permits applied for", type: "text", required: true },
      { name: "projectValue", label: "Project value in dollars", type: "number", required: true },
      { name: "description", label: "Describe the work", type: "textarea", required: true },
    ],
    // $45 per permit named (the page passes them comma separated).
    feeCents: (values) => 4500 * Math.max(1, (values.permits ?? "").split(",").filter((item) => item.trim()).length),
  },
  {
    id: SEEDED_FORM_PROCESSES.businessOpen,
    name: "Business Registration",
    fields: [
      ...applicant,
      { name: "businessName", label: "Business name", type: "text", required: true },
      { name: "businessAddress", label: "Business address", type: "text", required: true },
      { name: "homeBased", label: "Home-based business", type: "select", required: true, options: ["Yes", "No"] },
      { name: "startDate", label: "Opening date", type: "date", required: true },
    ],
    feeCents: fixed(5000),
  },
  {
    id: SEEDED_FORM_PROCESSES.businessChange,
    name: "Business Change Notice",
    fields: [
      ...applicant,
      { name: "businessName", label: "Business name", type: "text", required: true },
      {
        name: "change",
        label: "What is changing",
        type: "select",
        required: true,
        options: ["Owner", "Name", "Location", "Kind of business", "Closing"],
      },
      { name: "effectiveDate", label: "Date of the change", type: "date", required: true },
    ],
    feeCents: free,
  },
];
