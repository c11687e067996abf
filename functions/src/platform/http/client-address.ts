import { isIP } from "node:net";
import type { Request } from "firebase-functions/v2/https";

/**
 * How many proxies in front of the function append to X-Forwarded-For. In production a request
 * passes Firebase Hosting's CDN and Google's front end: each appends the address it saw, so the
 * client is the entry this many places from the end. Entries before it are whatever the client
 * sent and prove nothing. Locally nothing appends (the Hosting emulator sends no header).
 */
const proxyHops = (env: NodeJS.ProcessEnv) => {
  const hops = Number(env.TRUSTED_PROXY_HOPS ?? 2);
  return Number.isInteger(hops) && hops > 0 ? hops : 2;
};

const normalize = (candidate: string | undefined) => {
  const address = candidate?.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  return address && isIP(address) ? address : null;
};

/**
 * The address the request came from as our own infrastructure saw it, never a value the client
 * chose: the entry the trusted proxies appended to X-Forwarded-For, else the socket's peer.
 */
export function clientAddress(
  req: Pick<Request, "header" | "socket">,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  const forwarded = (req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const hops = proxyHops(env);
  if (forwarded.length >= hops) {
    const appended = normalize(forwarded[forwarded.length - hops]);
    if (appended) return appended;
  }
  return normalize(req.socket?.remoteAddress);
}
