/**
 * The portal's public pages as site search offers them (spec 3 §2): path, and title and a line
 * about each in both languages. Pages behind a sign-in are left out: a search result must open.
 */
export const SITE_PAGES: readonly { path: string; en: [string, string]; es: [string, string] }[] = [
  {
    path: "/garbage-search",
    en: [
      "Garbage pickup day",
      "Find the garbage, recycling and yard waste pickup day for an address, with holiday delays.",
    ],
    es: [
      "Día de recolección de basura",
      "Consulte el día de recolección de basura, reciclaje y residuos de jardín de una dirección, con los retrasos por días festivos.",
    ],
  },
  {
    path: "/permit-search",
    en: ["Permit search", "Look up building permits by address, application number, parcel number or name."],
    es: [
      "Búsqueda de permisos",
      "Busque permisos de construcción por dirección, número de solicitud, número de parcela o nombre.",
    ],
  },
  {
    path: "/boards-and-commissions",
    en: ["Boards and commissions", "Read about the city's boards and commissions, their members and vacancies."],
    es: ["Juntas y comisiones", "Conozca las juntas y comisiones de la ciudad, sus miembros y sus vacantes."],
  },
  {
    path: "/knowledgebase",
    en: ["Help articles (FAQs)", "Answers to frequently asked questions about city services."],
    es: [
      "Artículos de ayuda (preguntas frecuentes)",
      "Respuestas a las preguntas frecuentes sobre los servicios de la ciudad.",
    ],
  },
  {
    path: "/elgin_today",
    en: ["City news", "News and updates from the city."],
    es: ["Noticias de la ciudad", "Noticias y novedades de la ciudad."],
  },
  {
    path: "/view-all-services",
    en: ["All services", "Every service you can request, pay for or find on the portal."],
    es: ["Todos los servicios", "Todos los servicios que puede solicitar, pagar o consultar en el portal."],
  },
  {
    path: "/payment",
    en: ["Pay a water bill", "Pay a utility (water) bill as a guest or with your account."],
    es: ["Pagar la factura del agua", "Pague una factura de servicios (agua) como invitado o con su cuenta."],
  },
  {
    path: "/signup",
    en: ["Create an account", "Sign up to follow your requests, pay bills and get reminders."],
    es: ["Crear una cuenta", "Regístrese para seguir sus solicitudes, pagar facturas y recibir recordatorios."],
  },
  {
    path: "/login",
    en: ["Sign in", "Sign in to your city portal account."],
    es: ["Iniciar sesión", "Inicie sesión en su cuenta del portal de la ciudad."],
  },
];
