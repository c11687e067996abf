/** Default local ports; every one moves by PORTAL_PORT_OFFSET so a test stack can run beside `npm start`. */
export const DEFAULT_PORTS = {
  /** The portal's front door (Hosting's role, see launcher/hosting-front.ts). */
  hosting: 5000,
  /** The first function's host; function i listens on this port + i. */
  functions: 5001,
  /** firebase-tools' Hosting emulator behind the front door (static files, headers, SPA fallback). */
  hostingFiles: 5090,
  auth: 9099,
  firestore: 8080,
  storage: 9199,
  hub: 4400,
  logging: 4500,
  crm: 7101,
  billing: 7102,
  payments: 7103,
  forms: 7104,
  boxes: 7105,
  gis: 7106,
  feeds: 7107,
  push: 7108,
  samlPartner: 7109,
  chat: 7110,
  sms: 7112,
  /** The mail sandbox's HTTP (its page and control); its SMTP listens on the next port, 7121. */
  mail: 7120,
} as const;

export type PortName = keyof typeof DEFAULT_PORTS;
export type Ports = Record<PortName, number>;

export function resolvePorts(offset = Number(process.env.PORTAL_PORT_OFFSET ?? 0)): Ports {
  const ports = {} as Ports;
  for (const [name, port] of Object.entries(DEFAULT_PORTS) as [PortName, number][]) {
    const override = process.env[`PORTAL_PORT_${name.toUpperCase()}`];
    ports[name] = override ? Number(override) : port + offset;
  }
  return ports;
}
