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

/** The eight 16-bit groups of an IPv6 address (with `::` and a dotted IPv4 tail expanded). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(":").map((group) => Number.parseInt(group, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  return tail === undefined ? front : [...front, ...new Array(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The block a limit keyed on the client address counts against: an IPv4 address as it is, an
 * IPv6 address by its /64. One subscriber line or host gets a whole /64 (RFC 6177), so keying on
 * the full address would give a client 2^64 budgets.
 */
export function addressBlock(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = ipv6Groups(address).slice(0, 4);
  return `${groups.map((group) => group.toString(16)).join(":")}::/64`;
}
