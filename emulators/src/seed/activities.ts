import type { Activity } from "../../../functions/src/contract/activity.ts";
import { type BillingAccountLink, billingAccountDocId } from "../../../functions/src/contract/billing-account.ts";
import { city } from "./city.ts";
import { seededUser } from "./fixtures.ts";
import { SERVICE_DESCRIPTIONS } from "./service-names-es.ts";
import { type SeedContext, writeAll } from "./write.ts";

/**
 * Forms-service process ids the seeded form services start (they exist in the forms sandbox).
 * Tests name them from here.
 */
export const SEEDED_FORM_PROCESSES = {
  blockParty: "1021",
  specialEvent: "1022",
  pavilion: "1023",
  treePlanting: "1024",
  alarmPermit: "1025",
  // Permit selection and the business application (issue 15).
  quickPermit: "1030",
  businessOpen: "1031",
  businessChange: "1032",
} as const;

/**
 * The seeded gas report's stopper (issue 33). Nicor Gas serves the city; its emergency line is
 * 1-888-642-6748. Tests read the number from here.
 */
export const SEEDED_GAS_STOPPER = {
  en: "Do not report a gas smell here. Leave the building or area now, then call Nicor Gas's 24-hour emergency line at 1-888-642-6748. If anyone is in immediate danger, call 911.",
  es: "No reporte un olor a gas aquí. Salga del edificio o de la zona ahora y luego llame a la línea de emergencias de Nicor Gas, disponible las 24 horas, al 1-888-642-6748. Si alguien está en peligro inmediato, llame al 911.",
} as const;

type Seeded = Partial<Activity> & Pick<Activity, "Id" | "Item" | "Type" | "Action">;

const defaults: Omit<Activity, "Id" | "Item" | "Type" | "Action"> = {
  Description: "",
  Order: 0,
  Published: true,
  Deleted: false,
  SalesforceObjectId: null,
  LaserficheProcessId: null,
  ExternalLink: null,
  Content: null,
  CalendlyLink: null,
  PaymentRequired: false,
  paymentCode: null,
  salesforcePaymentField: null,
  GuestEnabled: false,
  ToggleInAppBrowser: false,
  PopularService: false,
  PopularServiceIconURL: null,
  PopularServiceOrder: 0,
  Stopper: null,
};

const icon = (name: string) => `/icons/services/${name}.svg`;

/** The seeded service catalogue: every action, every type, some popular, one unpublished, one deleted. */
export const SEEDED_ACTIVITIES: readonly Activity[] = (
  [
    {
      Id: "WATER_BILL",
      Item: "Water Bill",
      Type: "CUSTOM_FORM",
      Action: "PAY_FOR",
      GuestEnabled: true,
      PaymentRequired: true,
      PopularService: true,
      PopularServiceIconURL: icon("water"),
      PopularServiceOrder: 1,
    },
    {
      Id: "BUSINESS_LICENSE",
      Item: "Business License Renewal",
      Type: "CUSTOM_FORM",
      Action: "PAY_FOR",
      Order: 1,
      GuestEnabled: true,
      PaymentRequired: true,
    },
    {
      Id: "svc-parking-ticket",
      Item: "Parking Ticket",
      Type: "EXTERNAL_LINK",
      Action: "PAY_FOR",
      Order: 2,
      ExternalLink: "https://parking.example.org/pay",
    },
    {
      Id: "svc-alarm-permit",
      Item: "Alarm Permit Fee",
      Type: "LASERFICHE_FORM",
      Action: "PAY",
      SalesforceObjectId: "Case",
      LaserficheProcessId: SEEDED_FORM_PROCESSES.alarmPermit,
      PaymentRequired: true,
      paymentCode: "ALARM",
    },
    {
      Id: "QUICK_PERMIT",
      Item: "Quick Permit (fence, roof, water heater)",
      Type: "CUSTOM_FORM",
      Action: "APPLY_FOR",
      // Permit selection opens the Quick Permit form with this process and payment code.
      LaserficheProcessId: SEEDED_FORM_PROCESSES.quickPermit,
      paymentCode: "QPERMIT",
      GuestEnabled: true,
      PopularService: true,
      PopularServiceIconURL: icon("permit"),
      PopularServiceOrder: 2,
    },
    {
      Id: "svc-block-party",
      Item: "Block Party Permit",
      Type: "LASERFICHE_FORM",
      Action: "APPLY_FOR",
      Order: 1,
      SalesforceObjectId: "Case",
      LaserficheProcessId: SEEDED_FORM_PROCESSES.blockParty,
      PopularService: true,
      PopularServiceIconURL: icon("event"),
      PopularServiceOrder: 6,
    },
    {
      Id: "svc-special-event",
      Item: "Special Event Permit",
      Type: "LASERFICHE_FORM",
      Action: "APPLY_FOR",
      Order: 2,
      SalesforceObjectId: "COE_Permit__c",
      LaserficheProcessId: SEEDED_FORM_PROCESSES.specialEvent,
      PaymentRequired: true,
      paymentCode: "SPEVENT",
      salesforcePaymentField: "Payment_Amount__c",
    },
    // Permit selection, zoning inquiry and business application (issue 15): pages of their own.
    {
      Id: "ZONING_INQUIRY",
      Item: "Zoning Inquiry",
      Type: "CUSTOM_FORM",
      Action: "APPLY_FOR",
      Order: 4,
      SalesforceObjectId: "Zoning_Inquiry__c",
    },
    {
      Id: "BUSINESS_APPLICATION",
      Item: "Business Application",
      Type: "CUSTOM_FORM",
      Action: "APPLY_FOR",
      Order: 5,
    },
    {
      Id: "svc-business-open",
      Item: "Business Registration",
      Type: "LASERFICHE_FORM",
      Action: "APPLY_FOR",
      Order: 6,
      SalesforceObjectId: "Case",
      LaserficheProcessId: SEEDED_FORM_PROCESSES.businessOpen,
      PaymentRequired: true,
      paymentCode: "BUSREG",
    },
    {
      Id: "svc-business-change",
      Item: "Business Change Notice",
      Type: "LASERFICHE_FORM",
      Action: "APPLY_FOR",
      Order: 7,
      SalesforceObjectId: "Case",
      LaserficheProcessId: SEEDED_FORM_PROCESSES.businessChange,
    },
    {
      Id: "svc-city-jobs",
      Item: "City Job",
      Type: "EXTERNAL_LINK",
      Action: "APPLY_FOR",
      Order: 3,
      ExternalLink: "https://jobs.example.org/city",
    },
    {
      Id: "GARBAGE_SEARCH",
      Item: "Garbage Pickup Day",
      Type: "CUSTOM_FORM",
      Action: "FIND",
      GuestEnabled: true,
      PopularService: true,
      PopularServiceIconURL: icon("garbage"),
      PopularServiceOrder: 4,
    },
    { Id: "PERMIT_SEARCH", Item: "Permit Status", Type: "CUSTOM_FORM", Action: "FIND", Order: 1, GuestEnabled: true },
    {
      Id: "svc-recycling",
      Item: "Recycling Guidelines",
      Type: "CONTENT",
      Action: "FIND",
      Order: 2,
      Content: "<p>Rinse containers and place them loose in the cart. No plastic bags.</p>",
    },
    {
      Id: "svc-report-pothole",
      Item: "Pothole",
      Type: "CUSTOM_FORM",
      Action: "REPORT",
      PopularService: true,
      PopularServiceIconURL: icon("pothole"),
      PopularServiceOrder: 3,
    },
    { Id: "svc-report-graffiti", Item: "Graffiti", Type: "CUSTOM_FORM", Action: "REPORT", Order: 1 },
    { Id: "svc-report-streetlight", Item: "Streetlight Out", Type: "CUSTOM_FORM", Action: "REPORT", Order: 2 },
    { Id: "svc-report-missed-collection", Item: "Missed Collection", Type: "CUSTOM_FORM", Action: "REPORT", Order: 3 },
    // Issue 33, the exact asset: hydrants and signs are reported as street utilities.
    {
      Id: "svc-report-street-utilities",
      Item: "Street Utilities",
      Type: "CUSTOM_FORM",
      Action: "REPORT",
      Order: 4,
    },
    // Issue 33, stoppers: a gas smell is the gas company's emergency, not a city case.
    {
      Id: "svc-report-gas",
      Item: "Gas Smell",
      Type: "CUSTOM_FORM",
      Action: "REPORT",
      Order: 5,
      Stopper: SEEDED_GAS_STOPPER,
    },
    {
      Id: "svc-recreation",
      Item: "Recreation Classes",
      Type: "EXTERNAL_LINK",
      Action: "REGISTER_FOR",
      ExternalLink: "https://recreation.example.org/classes",
      GuestEnabled: true,
      PopularService: true,
      PopularServiceIconURL: icon("recreation"),
      PopularServiceOrder: 5,
    },
    {
      Id: "svc-emergency-alerts",
      Item: "Emergency Alerts",
      Type: "EXTERNAL_LINK",
      Action: "REGISTER_FOR",
      Order: 1,
      ExternalLink: "https://alerts.example.org/signup",
    },
    {
      Id: "svc-pavilion",
      Item: "Park Pavilion",
      Type: "LASERFICHE_FORM",
      Action: "RENT",
      SalesforceObjectId: "Case",
      LaserficheProcessId: SEEDED_FORM_PROCESSES.pavilion,
      PaymentRequired: true,
      paymentCode: "PAVILION",
      CalendlyLink: "https://calendly.example.org/parks/pavilion",
    },
    {
      Id: "svc-community-room",
      Item: "Community Center Room",
      Type: "EXTERNAL_LINK",
      Action: "RENT",
      Order: 1,
      ExternalLink: "https://recreation.example.org/rooms",
    },
    {
      Id: "svc-newsletter",
      Item: "City Newsletter",
      Type: "EXTERNAL_LINK",
      Action: "SIGN_UP_FOR",
      ExternalLink: "https://news.example.org/subscribe",
    },
    {
      Id: "svc-tree-planting",
      Item: "Parkway Tree Planting",
      Type: "LASERFICHE_FORM",
      Action: "SIGN_UP_FOR",
      Order: 1,
      SalesforceObjectId: "Case",
      LaserficheProcessId: SEEDED_FORM_PROCESSES.treePlanting,
    },
    {
      Id: "svc-city-map",
      Item: "City Map",
      Type: "EXTERNAL_LINK",
      Action: "MAPS",
      ExternalLink: "https://maps.example.org/city",
    },
    {
      Id: "svc-snow-routes",
      Item: "Snow Routes",
      Type: "EXTERNAL_LINK",
      Action: "MAPS",
      Order: 1,
      ExternalLink: "https://maps.example.org/snow-routes",
    },
    {
      Id: "svc-dog-license",
      Item: "Dog License",
      Type: "CONTENT",
      Action: "APPLY_FOR",
      Order: 9,
      Published: false,
      Content: "Coming soon.",
    },
    {
      Id: "svc-old-leaf-pickup",
      Item: "Leaf Pickup (retired)",
      Type: "CONTENT",
      Action: "FIND",
      Order: 9,
      Deleted: true,
      Published: false,
      Content: "Retired.",
    },
  ] satisfies Seeded[]
).map((activity) => ({
  ...defaults,
  // Each service says what it is for in English; its Spanish is the admins' translation (service-names-es.ts).
  Description: SERVICE_DESCRIPTIONS[activity.Id]?.en ?? defaults.Description,
  ...activity,
}));

/** Messages of the seeded resident: two unread about their activities, one read, one general. */
function seededMessages() {
  const resident = seededUser("resident").uid;
  const resident2 = seededUser("resident2").uid;
  const named = city().seededActivities;
  const day = (daysAgo: number) => new Date(Date.parse("2026-11-01T15:00:00.000Z") - daysAgo * 86_400_000);
  return [
    {
      id: "msg-resident-action-required",
      data: {
        UserId: resident,
        Title: "Action required on your sidewalk case",
        Body: "Please send a photo of the damaged sidewalk panel so the crew can size the repair.",
        TitleSpanish: "Acción necesaria en su caso de la acera",
        BodySpanish: "Envíe una foto del panel dañado de la acera para que el equipo calcule la reparación.",
        CreatedAt: day(1),
        ReadAt: null,
        SObjectType: "Case",
        SalesforceId: named.residentActionRequiredCase,
      },
    },
    {
      id: "msg-resident-payment-due",
      data: {
        UserId: resident,
        Title: "Your permit is ready for payment",
        Body: "Your building permit is approved. Pay the permit fee to have it issued.",
        TitleSpanish: "Su permiso está listo para el pago",
        BodySpanish: "Su permiso de construcción está aprobado. Pague la cuota para que se emita.",
        CreatedAt: day(2),
        ReadAt: null,
        SObjectType: "COE_Permit__c",
        SalesforceId: named.residentPaymentDuePermit,
      },
    },
    {
      id: "msg-resident-completed",
      data: {
        UserId: resident,
        Title: "Your case is complete",
        Body: "The city finished the work you reported. Thank you for letting us know.",
        TitleSpanish: "Su caso está completo",
        BodySpanish: "La ciudad terminó el trabajo que usted informó. Gracias por avisarnos.",
        CreatedAt: day(30),
        ReadAt: day(29),
        SObjectType: "Case",
        SalesforceId: named.residentCompletedCase,
      },
    },
    {
      id: "msg-resident-welcome",
      data: {
        UserId: resident,
        Title: "Welcome to the city portal",
        Body: "You can pay bills, report problems and follow your requests here.",
        TitleSpanish: "Bienvenido al portal de la ciudad",
        BodySpanish: "Aquí puede pagar facturas, informar de problemas y seguir sus solicitudes.",
        CreatedAt: day(90),
        ReadAt: day(89),
        SObjectType: null,
        SalesforceId: null,
      },
    },
    {
      id: "msg-resident2-private",
      data: {
        UserId: resident2,
        Title: "Your water bill is past due",
        Body: "Pay the past-due amount to avoid a service interruption.",
        TitleSpanish: "Su factura del agua está vencida",
        BodySpanish: "Pague el monto vencido para evitar una interrupción del servicio.",
        CreatedAt: day(3),
        ReadAt: null,
        SObjectType: null,
        SalesforceId: null,
      },
    },
  ];
}

/** Ids of the seeded active system alerts, newest first (the order the API answers). */
export const SEEDED_ACTIVE_ALERT_IDS = ["alert-water-main", "alert-leaf-collection"] as const;

/** Two active alerts (one with HTML) and one inactive. */
function seededSystemAlerts() {
  return [
    {
      id: "alert-leaf-collection",
      data: {
        titleEnglish: "Leaf collection has started",
        titleSpanish: "Comenzó la recolección de hojas",
        textEnglish: "Rake leaves to the curb by 7 a.m. on your collection day.",
        textSpanish: "Rastrille las hojas hasta la acera antes de las 7 a.m. el día de recolección.",
        active: true,
        CreatedAt: new Date("2026-10-28T14:00:00.000Z"),
        CreatedBy: seededUser("admin").uid,
      },
    },
    {
      id: "alert-water-main",
      data: {
        titleEnglish: "Water main work on Chicago Street",
        titleSpanish: "Obras de la red de agua en Chicago Street",
        textEnglish:
          '<p>Expect <strong>low water pressure</strong> on Chicago Street this week. <a href="https://www.cityofelgin.org/water">Details</a></p>',
        textSpanish:
          '<p>Espere <strong>baja presión de agua</strong> en Chicago Street esta semana. <a href="https://www.cityofelgin.org/water">Detalles</a></p>',
        active: true,
        CreatedAt: new Date("2026-10-30T14:00:00.000Z"),
        CreatedBy: seededUser("admin").uid,
      },
    },
    {
      id: "alert-old-closure",
      data: {
        titleEnglish: "City Hall closed for the holiday",
        titleSpanish: "El Ayuntamiento cerrado por el feriado",
        textEnglish: "City Hall was closed on Monday.",
        textSpanish: "El Ayuntamiento estuvo cerrado el lunes.",
        active: false,
        CreatedAt: new Date("2026-07-03T14:00:00.000Z"),
        CreatedBy: seededUser("admin").uid,
      },
    },
  ];
}

/** Seeds the catalogue, the residents' messages, the system alerts and the resident's water account link. */
export async function seedHomeAndCatalogue({ db }: SeedContext): Promise<void> {
  await writeAll(
    db,
    "activities",
    SEEDED_ACTIVITIES.map(({ Id, ...fields }) => ({ id: Id, data: { ...fields } })),
  );
  await writeAll(db, "notifications", seededMessages());
  await writeAll(db, "systemAlerts", seededSystemAlerts());
  const account = city().seededResidentUtilityAccount;
  const resident = seededUser("resident").uid;
  const record: BillingAccountLink = {
    userId: resident,
    organizationId: null,
    customerId: account.Customer_Id__c,
    locationId: account.Location_Id__c,
    streetNumber: account.Street_Number__c,
    serviceAddress: `${account.Street_Number__c} ${account.Street_Name__c} ${account.Street_Suffix__c}`,
  };
  await writeAll(db, "billingAccounts", [
    {
      id: billingAccountDocId({ userId: resident }, record.customerId, record.locationId),
      data: { ...record, createdAt: new Date("2026-01-15T15:00:00.000Z") },
    },
  ]);
}
