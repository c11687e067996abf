import type { TranslationRecord } from "./translations.ts";

/**
 * Spanish names of the seeded services, as the city's admins enter them in the languages editor
 * (/languages/es: Group "Activity.Item", LanguageKey = the service id). The service catalogue
 * stores names in English only; without these the Spanish home page and picker show English.
 * Descriptions are translated the same way (group "Activity.Description").
 */
export const SPANISH_SERVICE_NAMES: Readonly<Record<string, string>> = {
  WATER_BILL: "Factura del agua",
  BUSINESS_LICENSE: "Renovación de licencia comercial",
  "svc-parking-ticket": "Multa de estacionamiento",
  "svc-alarm-permit": "Cuota del permiso de alarma",
  QUICK_PERMIT: "Permiso rápido (cerca, techo, calentador de agua)",
  "svc-block-party": "Permiso para fiesta de cuadra",
  "svc-special-event": "Permiso para evento especial",
  "svc-city-jobs": "Empleo en la ciudad",
  GARBAGE_SEARCH: "Día de recolección de basura",
  PERMIT_SEARCH: "Estado de un permiso",
  "svc-recycling": "Guía de reciclaje",
  "svc-report-pothole": "Bache",
  "svc-report-graffiti": "Grafiti",
  "svc-report-streetlight": "Farola apagada",
  "svc-report-missed-collection": "Recolección no realizada",
  "svc-report-street-utilities": "Hidrantes, señales y drenajes de la calle",
  "svc-report-gas": "Olor a gas",
  "svc-recreation": "Clases de recreación",
  "svc-emergency-alerts": "Alertas de emergencia",
  "svc-pavilion": "Pabellón del parque",
  "svc-community-room": "Sala del centro comunitario",
  "svc-newsletter": "Boletín de la ciudad",
  "svc-tree-planting": "Plantación de árboles en la acera",
  "svc-city-map": "Mapa de la ciudad",
  "svc-snow-routes": "Rutas de nieve",
  "svc-dog-license": "Licencia para perros",
  ZONING_INQUIRY: "Consulta de zonificación",
  BUSINESS_APPLICATION: "Solicitud para negocios",
  "svc-business-open": "Registro de negocio",
  "svc-business-change": "Aviso de cambio de negocio",
  "svc-old-leaf-pickup": "Recolección de hojas (retirada)",
};

/**
 * What each seeded service is for, in English (the catalogue's Description) and in Spanish (the
 * admins' translation, Group "Activity.Description", LanguageKey = the service id). A description
 * tells what the service does; it never refers to a button the page may not have (issue 28).
 */
export const SERVICE_DESCRIPTIONS: Readonly<Record<string, { en: string; es: string }>> = {
  WATER_BILL: {
    en: "Pay your water, sewer and garbage bill online.",
    es: "Pague en línea su factura de agua, alcantarillado y basura.",
  },
  BUSINESS_LICENSE: {
    en: "Renew your business license and pay its fee.",
    es: "Renueve su licencia comercial y pague la cuota.",
  },
  "svc-parking-ticket": {
    en: "Pay a parking ticket on the city's payment site.",
    es: "Pague una multa de estacionamiento en el sitio de pagos de la ciudad.",
  },
  "svc-alarm-permit": {
    en: "Register a home or business alarm and pay the yearly fee.",
    es: "Registre la alarma de su casa o negocio y pague la cuota anual.",
  },
  QUICK_PERMIT: {
    en: "Apply for a simple residential building permit.",
    es: "Solicite un permiso de construcción residencial sencillo.",
  },
  "svc-block-party": {
    en: "Close your street for a neighborhood party.",
    es: "Cierre su calle para una fiesta del vecindario.",
  },
  "svc-special-event": {
    en: "Hold a festival, race or other event on public property.",
    es: "Organice un festival, una carrera u otro evento en un lugar público.",
  },
  ZONING_INQUIRY: {
    en: "Ask the city what a parcel may be used for before you buy, build or open a business.",
    es: "Pregunte a la ciudad qué usos permite un terreno antes de comprar, construir o abrir un negocio.",
  },
  BUSINESS_APPLICATION: {
    en: "Open a new business or change an existing one: a few questions lead to the right form.",
    es: "Abra un negocio nuevo o cambie uno existente: unas pocas preguntas le llevan al formulario correcto.",
  },
  "svc-business-open": {
    en: "Register a new business in the city.",
    es: "Registre un negocio nuevo en la ciudad.",
  },
  "svc-business-change": {
    en: "Tell the city about a new owner, name or address of your business.",
    es: "Informe a la ciudad de un nuevo dueño, nombre o dirección de su negocio.",
  },
  "svc-city-jobs": {
    en: "See open positions with the city and apply.",
    es: "Vea los puestos vacantes en la ciudad y presente su solicitud.",
  },
  GARBAGE_SEARCH: {
    en: "Find your garbage, recycling and yard waste pickup day.",
    es: "Consulte su día de recolección de basura, reciclaje y residuos de jardín.",
  },
  PERMIT_SEARCH: {
    en: "Look up a building permit by its number or address.",
    es: "Busque un permiso de construcción por su número o dirección.",
  },
  "svc-recycling": {
    en: "What goes in the recycling cart and how to prepare it.",
    es: "Qué va en el contenedor de reciclaje y cómo prepararlo.",
  },
  "svc-report-pothole": {
    en: "Report a pothole on a city street.",
    es: "Informe de un bache en una calle de la ciudad.",
  },
  "svc-report-graffiti": {
    en: "Report graffiti on public or private property.",
    es: "Informe de grafitis en una propiedad pública o privada.",
  },
  "svc-report-streetlight": {
    en: "Report a streetlight that is out or flickering.",
    es: "Informe de una farola apagada o que parpadea.",
  },
  "svc-report-missed-collection": {
    en: "Report a garbage or recycling pickup that was missed.",
    es: "Informe de una recolección de basura o reciclaje que no se hizo.",
  },
  "svc-report-street-utilities": {
    en: "Report a damaged fire hydrant, a street or stop sign, a blocked storm drain or a flooded street.",
    es: "Informe de un hidrante dañado, una señal de calle o de alto, un drenaje tapado o una calle inundada.",
  },
  "svc-report-gas": {
    en: "Smell gas? Find out who to call right away.",
    es: "¿Huele a gas? Sepa a quién llamar de inmediato.",
  },
  "svc-recreation": {
    en: "Sign up for classes at the city's recreation centers.",
    es: "Inscríbase en clases de los centros recreativos de la ciudad.",
  },
  "svc-emergency-alerts": {
    en: "Get emergency alerts by text, email or phone.",
    es: "Reciba alertas de emergencia por mensaje de texto, correo electrónico o teléfono.",
  },
  "svc-pavilion": {
    en: "Reserve a park pavilion for a gathering.",
    es: "Reserve un pabellón del parque para una reunión.",
  },
  "svc-community-room": {
    en: "Reserve a room at a community center.",
    es: "Reserve una sala en un centro comunitario.",
  },
  "svc-newsletter": {
    en: "Get the city's newsletter by email.",
    es: "Reciba el boletín de la ciudad por correo electrónico.",
  },
  "svc-tree-planting": {
    en: "Ask for a tree in the parkway in front of your home.",
    es: "Pida un árbol para la franja de césped frente a su casa.",
  },
  "svc-city-map": {
    en: "Browse the city's interactive map.",
    es: "Consulte el mapa interactivo de la ciudad.",
  },
  "svc-snow-routes": {
    en: "See which streets are snow routes and when parking is banned.",
    es: "Vea qué calles son rutas de nieve y cuándo se prohíbe estacionar.",
  },
  "svc-dog-license": {
    en: "License your dog with the city.",
    es: "Registre a su perro en la ciudad.",
  },
  "svc-old-leaf-pickup": { en: "Leaf pickup in the fall.", es: "Recolección de hojas en otoño." },
};

const record = (group: string, activityId: string, text: string): TranslationRecord => ({
  Id: `es:${group}.${activityId}`,
  Language: "es",
  Group: group,
  LanguageKey: activityId,
  SingularForm: text,
  PluralForm: null,
});

/** The records the languages editor writes for the services' names and descriptions (same ids, groups and keys). */
export function spanishServiceNameRecords(): TranslationRecord[] {
  return [
    ...Object.entries(SPANISH_SERVICE_NAMES).map(([id, name]) => record("Activity.Item", id, name)),
    ...Object.entries(SERVICE_DESCRIPTIONS).map(([id, { es }]) => record("Activity.Description", id, es)),
  ];
}
