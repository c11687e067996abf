import type { TranslationRecord } from "./translations.ts";

/**
 * Spanish names of the seeded services, as the city's admins enter them in the languages editor
 * (/languages/es: Group "Activity.Item", LanguageKey = the service id). The service catalogue
 * stores names in English only; without these the Spanish home page and picker show English.
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
  "svc-recreation": "Clases de recreación",
  "svc-emergency-alerts": "Alertas de emergencia",
  "svc-pavilion": "Pabellón del parque",
  "svc-community-room": "Sala del centro comunitario",
  "svc-newsletter": "Boletín de la ciudad",
  "svc-tree-planting": "Plantación de árboles en la acera",
  "svc-city-map": "Mapa de la ciudad",
  "svc-snow-routes": "Rutas de nieve",
  "svc-dog-license": "Licencia para perros",
};

/** The records the languages editor writes for these names (same ids, group and keys). */
export function spanishServiceNameRecords(): TranslationRecord[] {
  return Object.entries(SPANISH_SERVICE_NAMES).map(([activityId, name]) => ({
    Id: `es:Activity.Item.${activityId}`,
    Language: "es",
    Group: "Activity.Item",
    LanguageKey: activityId,
    SingularForm: name,
    PluralForm: null,
  }));
}
