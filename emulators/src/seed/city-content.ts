import { CITY_EPOCH, sfDateTime } from "./city-activities.ts";
import { crmId } from "./city-ids.ts";

/** Knowledge__kav: one version per language, sharing KnowledgeArticleId (spec 3 §3 help article). */
export interface KnowledgeArticle {
  Id: string;
  KnowledgeArticleId: string;
  ArticleNumber: string;
  Title: string;
  Summary: string;
  UrlName: string;
  /** Salesforce language codes: en_US or es. */
  Language: "en_US" | "es";
  PublishStatus: "Online";
  Category__c: string;
  /** The article body (HTML); the API turns fields into layoutItems. */
  Body__c: string;
  Trending_Score__c: number;
  LastPublishedDate: string;
}

/** Elgin_Today__c (spec 3 §3 news post). */
export interface NewsPost {
  Id: string;
  Name: string;
  Category__c: string;
  Update__c: string;
  /** The post in Spanish (the city writes both; issue 28). */
  Update_Spanish__c: string | null;
  Additional_Info__c: string | null;
  /** The day the post starts showing (a date). */
  Show_On__c: string;
}

// [category, English title, English summary, Spanish title, Spanish summary]
const TOPICS: readonly [string, string, string, string, string][] = [
  [
    "Water",
    "How to read your water bill",
    "What each line of the bi-monthly water bill means.",
    "Cómo leer su factura de agua",
    "Qué significa cada línea de la factura de agua bimestral.",
  ],
  [
    "Water",
    "Setting up autopay for water bills",
    "Pay automatically from a bank account or card.",
    "Configurar el pago automático de agua",
    "Pague automáticamente desde una cuenta bancaria o tarjeta.",
  ],
  [
    "Water",
    "What to do about a high water bill",
    "Check for leaks and ask for a review.",
    "Qué hacer si su factura de agua es alta",
    "Revise si hay fugas y pida una revisión.",
  ],
  [
    "Water",
    "Water shut-off for non-payment",
    "When service is shut off and how to restore it.",
    "Corte de agua por falta de pago",
    "Cuándo se corta el servicio y cómo restablecerlo.",
  ],
  [
    "Refuse",
    "Garbage and recycling pickup days",
    "Find your day and what goes in each toter.",
    "Días de recolección de basura y reciclaje",
    "Encuentre su día y qué va en cada contenedor.",
  ],
  [
    "Refuse",
    "Holiday garbage schedule",
    "Pickup moves one day later in a holiday week.",
    "Horario de basura en días festivos",
    "La recolección se retrasa un día en la semana festiva.",
  ],
  [
    "Refuse",
    "Bulk item and appliance pickup",
    "Schedule a pickup for large items.",
    "Recolección de artículos grandes y electrodomésticos",
    "Programe la recolección de artículos grandes.",
  ],
  [
    "Refuse",
    "Leaf collection",
    "Fall leaf collection dates by district.",
    "Recolección de hojas",
    "Fechas de recolección de hojas en otoño por distrito.",
  ],
  [
    "Streets",
    "Reporting a pothole",
    "How the city prioritizes and fills potholes.",
    "Reportar un bache",
    "Cómo la ciudad prioriza y repara los baches.",
  ],
  [
    "Streets",
    "Snow removal and parking bans",
    "Plowing order and when to move your car.",
    "Remoción de nieve y prohibiciones de estacionamiento",
    "Orden de limpieza y cuándo mover su auto.",
  ],
  [
    "Streets",
    "Streetlight outages",
    "Report a light that is out or flickering.",
    "Fallas del alumbrado público",
    "Reporte una luz apagada o que parpadea.",
  ],
  [
    "Streets",
    "Parkway tree trimming",
    "Trees between the sidewalk and street are city trees.",
    "Poda de árboles en la acera",
    "Los árboles entre la acera y la calle son de la ciudad.",
  ],
  [
    "Permits",
    "Do I need a permit?",
    "Common projects that need a building permit.",
    "¿Necesito un permiso?",
    "Proyectos comunes que requieren permiso de construcción.",
  ],
  [
    "Permits",
    "Fence permits",
    "Height limits, setbacks and required drawings.",
    "Permisos para cercas",
    "Límites de altura, retiros y planos requeridos.",
  ],
  [
    "Permits",
    "Scheduling a building inspection",
    "Call for inspection once the permit is issued.",
    "Programar una inspección de construcción",
    "Solicite la inspección una vez emitido el permiso.",
  ],
  [
    "Permits",
    "Home-based business rules",
    "What a home occupation may and may not do.",
    "Reglas para negocios en casa",
    "Lo que un negocio en casa puede y no puede hacer.",
  ],
  [
    "Zoning",
    "Finding your property's zoning",
    "Look up the zoning district of any parcel.",
    "Encontrar la zonificación de su propiedad",
    "Consulte el distrito de zonificación de cualquier parcela.",
  ],
  [
    "Zoning",
    "Historic district design review",
    "Changes that need a certificate of appropriateness.",
    "Revisión de diseño en distritos históricos",
    "Cambios que requieren un certificado de idoneidad.",
  ],
  [
    "Business",
    "Renewing a business licence",
    "Renew online with your licence number and PIN.",
    "Renovar una licencia comercial",
    "Renueve en línea con su número de licencia y PIN.",
  ],
  [
    "Business",
    "Adding members to your organization",
    "Invite staff and approve their access.",
    "Agregar miembros a su organización",
    "Invite al personal y apruebe su acceso.",
  ],
  [
    "Account",
    "Creating a portal account",
    "Sign up, verify your email and link your address.",
    "Crear una cuenta en el portal",
    "Regístrese, verifique su correo y vincule su dirección.",
  ],
  [
    "Account",
    "Resetting your password",
    "Get a reset link by email.",
    "Restablecer su contraseña",
    "Reciba un enlace de restablecimiento por correo.",
  ],
  [
    "Account",
    "Changing your language",
    "Use the portal in English or Spanish.",
    "Cambiar su idioma",
    "Use el portal en inglés o español.",
  ],
  [
    "Community",
    "Serving on a board or commission",
    "How residents apply and are appointed.",
    "Participar en una junta o comisión",
    "Cómo los residentes solicitan y son nombrados.",
  ],
  [
    "Community",
    "Code violations and property upkeep",
    "Common violations and how to report them.",
    "Infracciones del código y mantenimiento",
    "Infracciones comunes y cómo reportarlas.",
  ],
  // More water articles: a search for "water" ("agua") fills more than one page of 10 (issue 28).
  [
    "Water",
    "Starting or stopping water service",
    "Open or close a water account when you move in or out.",
    "Iniciar o suspender el servicio de agua",
    "Abra o cierre una cuenta de agua al mudarse.",
  ],
  [
    "Water",
    "Frozen water pipes",
    "Keep pipes from freezing and what to do if they burst.",
    "Tuberías de agua congeladas",
    "Evite que las tuberías se congelen y qué hacer si revientan.",
  ],
  [
    "Water",
    "Water meter readings",
    "How the meter is read and how to read it yourself.",
    "Lecturas del medidor de agua",
    "Cómo se lee el medidor de agua y cómo leerlo usted mismo.",
  ],
  [
    "Water",
    "Water quality report",
    "The yearly report on what is in the city's drinking water.",
    "Informe de calidad del agua",
    "El informe anual sobre lo que contiene el agua potable de la ciudad.",
  ],
  [
    "Water",
    "Lead service lines and your water",
    "Find out whether your home has a lead line and how to replace it.",
    "Tuberías de plomo y su agua",
    "Averigüe si su casa tiene una tubería de plomo y cómo reemplazarla.",
  ],
  [
    "Water",
    "Water main breaks",
    "Report a break and what to expect while it is repaired.",
    "Roturas de la tubería principal de agua",
    "Reporte una rotura y qué esperar mientras se repara.",
  ],
  [
    "Water",
    "Late fees on water bills",
    "When a late fee is added and how to ask for a waiver.",
    "Recargos por pago tardío de la factura de agua",
    "Cuándo se agrega un recargo y cómo pedir una exención.",
  ],
  [
    "Water",
    "Sewer backups and water in the basement",
    "Who to call when water comes up through a floor drain.",
    "Reflujo del alcantarillado y agua en el sótano",
    "A quién llamar cuando el agua sube por un desagüe del piso.",
  ],
];

export function buildKnowledge(): KnowledgeArticle[] {
  const articles: KnowledgeArticle[] = [];
  TOPICS.forEach(([category, title, summary, titleEs, summaryEs], index) => {
    const articleId = `kA0${String(index + 1).padStart(12, "0")}AAA`;
    const urlName = title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/(^-|-$)/g, "");
    const trending = ((index * 37) % 100) + 1;
    const published = sfDateTime(CITY_EPOCH - (index * 11 + 5) * 86_400_000);
    const versions = [
      {
        language: "en_US" as const,
        title,
        summary,
        body: `<p>${summary}</p><p>Call 311 or use the portal for help.</p>`,
      },
      {
        language: "es" as const,
        title: titleEs,
        summary: summaryEs,
        body: `<p>${summaryEs}</p><p>Llame al 311 o use el portal si necesita ayuda.</p>`,
      },
    ];
    for (const version of versions) {
      articles.push({
        Id: crmId("Knowledge__kav", articles.length + 1),
        KnowledgeArticleId: articleId,
        ArticleNumber: String(1000 + index + 1).padStart(9, "0"),
        Title: version.title,
        Summary: version.summary,
        UrlName: version.language === "es" ? `${urlName}-es` : urlName,
        Language: version.language,
        PublishStatus: "Online",
        Category__c: category,
        Body__c: version.body,
        Trending_Score__c: trending,
        LastPublishedDate: published,
      });
    }
  });
  return articles;
}

const NEWS: readonly [category: string, update: string, info: string | null][] = [
  ["Public Works", "Leaf collection begins in District 1 on Monday.", "https://www.cityofelgin.example.gov/leaves"],
  ["Water", "Hydrant flushing continues on the west side this week; water may look cloudy.", null],
  [
    "Events",
    "The Fox River Trail cleanup meets Saturday at 9 AM at Walton Island.",
    "https://www.cityofelgin.example.gov/events/trail-cleanup",
  ],
  [
    "Community",
    "Applications are open for the Cultural Arts Commission grants.",
    "https://www.cityofelgin.example.gov/arts-grants",
  ],
  ["Streets", "Lane closures on Dundee Avenue for resurfacing through Friday.", null],
  ["Police", "National Night Out returns to neighborhood parks.", "https://www.cityofelgin.example.gov/nno"],
  ["Library", "The Gail Borden Public Library extends Sunday hours.", null],
  ["Council", "City Council approves the 2027 budget.", "https://www.cityofelgin.example.gov/budget"],
  ["Water", "Water bills now show daily average usage.", null],
  [
    "Events",
    "Holiday lighting ceremony at the Civic Center plaza.",
    "https://www.cityofelgin.example.gov/events/lighting",
  ],
];

/** The Spanish of each post of NEWS, by its English text. */
const NEWS_SPANISH: Readonly<Record<string, string>> = {
  "Leaf collection begins in District 1 on Monday.": "La recolección de hojas empieza el lunes en el Distrito 1.",
  "Hydrant flushing continues on the west side this week; water may look cloudy.":
    "Esta semana sigue la limpieza de hidrantes en el lado oeste; el agua puede verse turbia.",
  "The Fox River Trail cleanup meets Saturday at 9 AM at Walton Island.":
    "La limpieza del sendero Fox River se reúne el sábado a las 9 a. m. en Walton Island.",
  "Applications are open for the Cultural Arts Commission grants.":
    "Está abierta la solicitud de becas de la Comisión de Artes Culturales.",
  "Lane closures on Dundee Avenue for resurfacing through Friday.":
    "Cierre de carriles en Dundee Avenue por repavimentación hasta el viernes.",
  "National Night Out returns to neighborhood parks.":
    "La Noche Nacional contra el Crimen vuelve a los parques del vecindario.",
  "The Gail Borden Public Library extends Sunday hours.":
    "La Biblioteca Pública Gail Borden amplía su horario de los domingos.",
  "City Council approves the 2027 budget.": "El Concejo Municipal aprueba el presupuesto de 2027.",
  "Water bills now show daily average usage.": "Las facturas del agua ahora muestran el consumo diario promedio.",
  "Holiday lighting ceremony at the Civic Center plaza.":
    "Ceremonia de encendido de luces navideñas en la plaza del Centro Cívico.",
};

export function buildNews(): NewsPost[] {
  return Array.from({ length: 30 }, (_, index) => {
    const [category, update, info] = NEWS[index % NEWS.length] as (typeof NEWS)[number];
    return {
      Id: crmId("Elgin_Today__c", index + 1),
      Name: `ET-${String(index + 1).padStart(4, "0")}`,
      Category__c: category,
      Update__c: index < NEWS.length ? update : `${update} (update ${Math.floor(index / NEWS.length) + 1})`,
      Update_Spanish__c:
        index < NEWS.length
          ? (NEWS_SPANISH[update] ?? null)
          : `${NEWS_SPANISH[update] ?? update} (actualización ${Math.floor(index / NEWS.length) + 1})`,
      Additional_Info__c: info,
      Show_On__c: new Date(CITY_EPOCH - index * 3 * 86_400_000).toISOString().slice(0, 10),
    };
  });
}
