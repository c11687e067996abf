import type { HolidayId, PickupWeekday } from "../../contract/garbage-pickup";

/** The calendar file's words; a calendar app shows them as they are, so they come in the visitor's language. */
interface CalendarText {
  calendarName: (address: string) => string;
  summary: string;
  movedSummary: (holiday: HolidayId) => string;
  description: (address: string) => string;
  movedDescription: (holiday: HolidayId, usualDay: PickupWeekday, address: string) => string;
}

export const HOLIDAY_NAMES: Record<"en" | "es", Record<HolidayId, string>> = {
  en: {
    NewYearsDay: "New Year's Day",
    MemorialDay: "Memorial Day",
    IndependenceDay: "Independence Day",
    LaborDay: "Labor Day",
    ThanksgivingDay: "Thanksgiving Day",
    ChristmasDay: "Christmas Day",
  },
  es: {
    NewYearsDay: "Año Nuevo",
    MemorialDay: "Día de los Caídos",
    IndependenceDay: "Día de la Independencia",
    LaborDay: "Día del Trabajo",
    ThanksgivingDay: "Día de Acción de Gracias",
    ChristmasDay: "Navidad",
  },
};

export const WEEKDAYS_ES: Record<PickupWeekday, string> = {
  Monday: "lunes",
  Tuesday: "martes",
  Wednesday: "miércoles",
  Thursday: "jueves",
  Friday: "viernes",
};

export function calendarText(lang: "en" | "es"): CalendarText {
  const holidayName = (holiday: HolidayId) => HOLIDAY_NAMES[lang][holiday];
  if (lang === "es") {
    return {
      calendarName: (address) => `Recolección de basura: ${address}`,
      summary: "Recolección de basura",
      movedSummary: (holiday) => `Recolección de basura (cambiada por ${holidayName(holiday)})`,
      description: (address) => `Saque la basura de ${address} antes de las 7 a. m.`,
      movedDescription: (holiday, usualDay, address) =>
        `Esta semana la recolección de ${address} es un día más tarde (normalmente el ${WEEKDAYS_ES[usualDay]}) por ${holidayName(holiday)}.`,
    };
  }
  return {
    calendarName: (address) => `Garbage pickup: ${address}`,
    summary: "Garbage pickup",
    movedSummary: (holiday) => `Garbage pickup (moved for ${holidayName(holiday)})`,
    description: (address) => `Put the garbage for ${address} at the curb by 7 a.m.`,
    movedDescription: (holiday, usualDay, address) =>
      `This week the pickup at ${address} is one day later (usually ${usualDay}) because of ${holidayName(holiday)}.`,
  };
}
