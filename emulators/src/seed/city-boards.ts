import { CITY_EPOCH } from "./city-activities.ts";
import { crmId } from "./city-ids.ts";
import type { Contact } from "./city-people.ts";
import { seededRandom } from "./random.ts";

/** Boards_Commissions__c (spec 3 §3 board or commission record). */
export interface Board {
  Id: string;
  Name: string;
  Alias__c: string;
  Icon__c: string;
  Vacancies__c: number;
  Size__c: number;
  Term_Length__c: string;
  Term_Limit__c: string;
  Overview__c: string;
  /** Lookup to a staff Contact; read as Staff_Liaison__r.Name. */
  Staff_Liaison__c: string;
  Staff_Liaison_Email__c: string;
  Staff_Liaison_Phone__c: string;
  Meeting_Date__c: string;
  Meeting_Time__c: string;
  Meeting_Location__c: string;
  /** Items separated by "$", as the CRM stores them. */
  Powers_Duties__c: string;
  /** The city's Spanish texts of the board, kept beside the English ones (empty when not translated). */
  Overview_ES__c: string;
  Term_Length_ES__c: string;
  Term_Limit_ES__c: string;
  Meeting_Date_ES__c: string;
  Powers_Duties_ES__c: string;
  [additionalInformation: `${"Additional_Information" | "Label_Additional_Information"}${number}${"" | "_ES"}__c`]:
    | string
    | null;
}

export interface BoardMember {
  Id: string;
  Board_Commission__c: string;
  Full_Name__c: string;
  Role__c: "Chair" | "Vice Chair" | "Member";
  Term_Expires__c: string;
  Attendance_Percentage__c: number;
}

export interface BoardAttendance {
  Id: string;
  Board_Commission__c: string;
  /** Lookup to Board_Commission_Member__c; read as Member__r.Full_Name__c. */
  Member__c: string;
  Meeting_Date__c: string;
  Attendance__c: "Present" | "Absent" | "Excused";
}

const BOARDS: readonly [name: string, alias: string, icon: string, overview: string, duties: string[]][] = [
  [
    "Planning and Zoning Commission",
    "PZC",
    "map",
    "Reviews land use, zoning and subdivision requests and advises the City Council.",
    [
      "Hold public hearings on zoning map amendments",
      "Review planned developments",
      "Recommend updates to the comprehensive plan",
    ],
  ],
  [
    "Heritage Commission",
    "HC",
    "landmark",
    "Protects the historic character of the city's neighborhoods and landmarks.",
    [
      "Review certificates of appropriateness",
      "Recommend landmark designations",
      "Administer historic architectural rehabilitation grants",
    ],
  ],
  [
    "Board of Fire and Police Commissioners",
    "BFPC",
    "shield",
    "Hires and promotes sworn fire and police personnel.",
    ["Conduct entry and promotional examinations", "Certify eligibility lists", "Hear disciplinary appeals"],
  ],
  [
    "Cultural Arts Commission",
    "CAC",
    "palette",
    "Promotes arts and culture through grants and public art.",
    ["Award cultural arts grants", "Advise on public art placement", "Coordinate the city art collection"],
  ],
  [
    "Human Relations Commission",
    "HRC",
    "handshake",
    "Fosters mutual respect and understanding among residents.",
    ["Hear discrimination complaints", "Host community dialogues", "Recognize community leaders"],
  ],
  [
    "Parks and Recreation Advisory Board",
    "PRAB",
    "tree",
    "Advises on parks, trails and recreation programs.",
    ["Review park master plans", "Recommend recreation fees", "Advise on trail connections"],
  ],
  [
    "Sustainability Commission",
    "SC",
    "leaf",
    "Advances the city's sustainability action plan.",
    ["Track sustainability goals", "Recommend energy programs", "Promote recycling and composting"],
  ],
  [
    "Liquor Control Commission",
    "LCC",
    "glass",
    "Licenses and regulates the sale of alcoholic beverages.",
    ["Review liquor licence applications", "Hold violation hearings", "Recommend ordinance changes"],
  ],
  [
    "Hemmens Advisory Board",
    "HAB",
    "theater",
    "Advises on the programming and operation of the city's performing arts center.",
    ["Review season programming", "Advise on facility improvements", "Support community outreach"],
  ],
  [
    "Youth Commission",
    "YC",
    "users",
    "Gives young residents a voice in city affairs.",
    ["Advise the Council on youth issues", "Plan the youth summit", "Run the youth volunteer program"],
  ],
];

/** The city's Spanish overview and duties of each board, by alias (the CRM's *_ES__c fields). */
const SPANISH: Readonly<Record<string, { overview: string; duties: string[] }>> = {
  PZC: {
    overview: "Revisa las solicitudes de uso del suelo, zonificación y subdivisión y asesora al Concejo Municipal.",
    duties: [
      "Celebrar audiencias públicas sobre cambios del mapa de zonificación",
      "Revisar los desarrollos planificados",
      "Recomendar cambios al plan integral",
    ],
  },
  HC: {
    overview: "Protege el carácter histórico de los barrios y monumentos de la ciudad.",
    duties: [
      "Revisar los certificados de idoneidad",
      "Recomendar la designación de monumentos",
      "Administrar las subvenciones para rehabilitar edificios históricos",
    ],
  },
  BFPC: {
    overview: "Contrata y asciende al personal jurado de bomberos y policía.",
    duties: [
      "Realizar los exámenes de ingreso y de ascenso",
      "Certificar las listas de elegibles",
      "Escuchar las apelaciones disciplinarias",
    ],
  },
  CAC: {
    overview: "Promueve el arte y la cultura con subvenciones y arte público.",
    duties: [
      "Otorgar subvenciones culturales",
      "Asesorar sobre la ubicación del arte público",
      "Coordinar la colección de arte de la ciudad",
    ],
  },
  HRC: {
    overview: "Fomenta el respeto mutuo y el entendimiento entre los residentes.",
    duties: [
      "Escuchar las quejas por discriminación",
      "Organizar diálogos comunitarios",
      "Reconocer a los líderes de la comunidad",
    ],
  },
  PRAB: {
    overview: "Asesora sobre parques, senderos y programas recreativos.",
    duties: [
      "Revisar los planes maestros de parques",
      "Recomendar las tarifas de recreación",
      "Asesorar sobre la conexión de senderos",
    ],
  },
  SC: {
    overview: "Impulsa el plan de acción de sostenibilidad de la ciudad.",
    duties: [
      "Dar seguimiento a las metas de sostenibilidad",
      "Recomendar programas de energía",
      "Promover el reciclaje y el compostaje",
    ],
  },
  LCC: {
    overview: "Otorga licencias y regula la venta de bebidas alcohólicas.",
    duties: [
      "Revisar las solicitudes de licencia de licores",
      "Celebrar audiencias por infracciones",
      "Recomendar cambios a las ordenanzas",
    ],
  },
  HAB: {
    overview: "Asesora sobre la programación y el funcionamiento del centro de artes escénicas de la ciudad.",
    duties: [
      "Revisar la programación de la temporada",
      "Asesorar sobre mejoras de las instalaciones",
      "Apoyar el alcance comunitario",
    ],
  },
  YC: {
    overview: "Da voz a los residentes jóvenes en los asuntos de la ciudad.",
    duties: [
      "Asesorar al Concejo sobre temas de la juventud",
      "Planificar la cumbre juvenil",
      "Dirigir el programa de voluntariado juvenil",
    ],
  },
};

const MEETING_DAYS = ["First Monday", "Second Tuesday", "Third Wednesday", "Fourth Thursday", "First Thursday"];
const MEETING_DAYS_ES = ["Primer lunes", "Segundo martes", "Tercer miércoles", "Cuarto jueves", "Primer jueves"];
const TERM_LIMITS_ES: Readonly<Record<string, string>> = {
  "2 consecutive terms": "2 mandatos consecutivos",
  "3 consecutive terms": "3 mandatos consecutivos",
  None: "Ninguno",
};
const RESOURCE_LABELS = ["Agendas and minutes", "Bylaws", "Annual report", "Application form"];
const RESOURCE_LABELS_ES = ["Agendas y actas", "Reglamento", "Informe anual", "Formulario de solicitud"];
const MEMBER_NAMES = [
  "Olivia Grant",
  "Marcus Reyes",
  "Helen Kowalczyk",
  "Tariq Hassan",
  "Jennifer Lindqvist",
  "Raul Mendoza",
  "Priya Raman",
  "George Whitaker",
  "Lucia Sandoval",
  "Frank Dietrich",
  "Nia Coleman",
  "Steven Park",
];

export function buildBoards(staff: readonly Contact[]) {
  const random = seededRandom(7101);
  const boards: Board[] = [];
  const members: BoardMember[] = [];
  const attendance: BoardAttendance[] = [];
  BOARDS.forEach(([name, alias, icon, overview, duties], index) => {
    const liaison = staff[index % staff.length] as Contact;
    const id = crmId("Boards_Commissions__c", index + 1);
    const size = random.pick([5, 7, 9]);
    const links: Record<string, string | null> = {};
    for (let slot = 1; slot <= 10; slot++) {
      const filled = slot <= 2 + (index % 3);
      const slug = alias.toLowerCase();
      links[`Additional_Information${slot}__c`] = filled
        ? `https://www.cityofelgin.example.gov/${slug}/document-${slot}`
        : null;
      links[`Label_Additional_Information${slot}__c`] = filled
        ? (RESOURCE_LABELS[slot - 1] ?? `Document ${slot}`)
        : null;
      links[`Label_Additional_Information${slot}_ES__c`] = filled
        ? (RESOURCE_LABELS_ES[slot - 1] ?? `Documento ${slot}`)
        : null;
    }
    const spanish = SPANISH[alias] ?? { overview: "", duties: [] };
    // Drawn in the order the fields were always drawn, so every seeded value stays what it was.
    const vacancies = index % 4 === 0 ? 0 : random.int(1, 2);
    const termYears = random.pick([2, 3, 4]);
    const termLimit = random.pick(["2 consecutive terms", "3 consecutive terms", "None"]);
    boards.push({
      Id: id,
      Name: name,
      Alias__c: alias,
      Icon__c: icon,
      Vacancies__c: vacancies,
      Size__c: size,
      Term_Length__c: `${termYears} years`,
      Term_Limit__c: termLimit,
      Overview__c: overview,
      Overview_ES__c: spanish.overview,
      Term_Length_ES__c: `${termYears} años`,
      Term_Limit_ES__c: TERM_LIMITS_ES[termLimit] ?? "",
      Staff_Liaison__c: liaison.Id,
      Staff_Liaison_Email__c: liaison.Email,
      Staff_Liaison_Phone__c: liaison.Phone,
      Meeting_Date__c: `${MEETING_DAYS[index % MEETING_DAYS.length]} of each month`,
      Meeting_Date_ES__c: `${MEETING_DAYS_ES[index % MEETING_DAYS_ES.length]} de cada mes`,
      Meeting_Time__c: random.pick(["5:30 PM", "6:00 PM", "7:00 PM"]),
      Meeting_Location__c: "City Hall, 150 Dexter Court, Council Chambers",
      Powers_Duties__c: duties.join("$"),
      Powers_Duties_ES__c: spanish.duties.join("$"),
      ...links,
    } as Board);

    // Six monthly meetings; each member's percentage is derived from their own records.
    const boardMembers = Array.from({ length: Math.min(size, 6) }, (_, slot) => {
      const memberId = crmId("Board_Commission_Member__c", members.length + slot + 1);
      return { memberId, name: MEMBER_NAMES[(index * 3 + slot) % MEMBER_NAMES.length] as string, slot };
    });
    for (const member of boardMembers) {
      let present = 0;
      for (let meeting = 0; meeting < 6; meeting++) {
        const roll = random.next();
        const status: BoardAttendance["Attendance__c"] = roll < 0.8 ? "Present" : roll < 0.9 ? "Excused" : "Absent";
        if (status === "Present") present++;
        attendance.push({
          Id: crmId("Board_Attendance__c", attendance.length + 1),
          Board_Commission__c: id,
          Member__c: member.memberId,
          Meeting_Date__c: new Date(CITY_EPOCH - (meeting + 1) * 30 * 86_400_000).toISOString().slice(0, 10),
          Attendance__c: status,
        });
      }
      members.push({
        Id: member.memberId,
        Board_Commission__c: id,
        Full_Name__c: member.name,
        Role__c: member.slot === 0 ? "Chair" : member.slot === 1 ? "Vice Chair" : "Member",
        Term_Expires__c: `${2027 + (member.slot % 3)}-04-30`,
        Attendance_Percentage__c: Math.round((present / 6) * 100),
      });
    }
  });
  return { boards, members, attendance };
}
