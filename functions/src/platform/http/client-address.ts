import { isIP } from "node:net";
import type { Request } from "firebase-functions/v2/https";

/**
 * How many proxies in front of the function append to X-Forwarded-For: each appends the address
 * it saw, so the client is the entry this many places from the end, and entries before it are
 * whatever the client sent. Hosting is one (locally the launcher's front door plays it). Set
 * TRUSTED_PROXY_HOPS to what a deployment really has: too few only makes the address coarser
 * (a proxy's), too many would let a client choose it.
 */
const proxyHops = (env: NodeJS.ProcessEnv) => {
  const hops = Number(env.TRUSTED_PROXY_HOPS ?? 1);
  return Number.isInteger(hops) && hops > 0 ? hops : 1;
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
