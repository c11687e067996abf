/**
 * The users administration search at scale (issue 17: "The user search answers p95 at most 300 ms
 * at 50,000 users"): many users/{uid} records with the fields and search keys the product writes.
 */
import type { Firestore } from "firebase-admin/firestore";
import { type UserSearchPage, userSearchFields } from "../../functions/src/contract/admin-users.ts";
import { testAdmin } from "../kit/admin.ts";
import { stackInfo } from "../kit/stack-info.ts";
import { type LoadResult, load, wireRequests } from "./load.ts";
import { markRequestLogs, readsPerRequest } from "./reads.ts";
import type { BenchRow } from "./table.ts";

export const BENCH_USER_PREFIX = "bench-user-";

const FIRST_NAMES = (
  "Maria James Ana Luis Sofia Daniel Emma Noah Olivia Liam Ava Mateo Isabella Ethan Mia Lucas Camila " +
  "Mason Harper Diego Evelyn Logan Elena Carlos Grace Jose Chloe Samuel Victoria David Lily Miguel Aria " +
  "Henry Zoe Jack Nora Owen Layla Wyatt Riley Gabriel Hannah Julian Scarlett Adrian Paula Omar Rosa " +
  "Tyrone Keisha Priya Wei Yusuf Fatima Ivan Katya Kenji Aiko Brian Colleen Patrick Siobhan Bernard " +
  "Xavier Quinn"
).split(" ");
const LAST_NAMES = (
  "Garcia Smith Johnson Lopez Martinez Brown Davis Miller Wilson Anderson Taylor Thomas Hernandez Moore " +
  "Martin Jackson Thompson White Gonzalez Harris Clark Lewis Robinson Walker Perez Hall Young Allen " +
  "Sanchez Wright King Scott Green Baker Adams Nelson Hill Ramirez Campbell Mitchell Roberts Carter " +
  "Phillips Evans Turner Torres Parker Collins Edwards Stewart Flores Morris Nguyen Murphy Rivera Cook " +
  "Rogers Morgan Peterson Cooper Reed Bailey Bell Gomez Kelly Howard Ward Cox Diaz Richardson Wood " +
  "Watson Brooks Bennett Gray James Reyes Cruz Hughes Price Myers Long Foster Sanders Ross Morales " +
  "Powell Sullivan Russell Ortiz Jenkins Gutierrez Perry Butler Barnes Fisher Henderson Coleman Simmons " +
  "Patterson Jordan Reynolds Hamilton Graham Kim Gonzales Alexander Ramos Wallace Griffin West Cole " +
  "Hayes Chavez Gibson Bryant Ellis Stevens Murray Ford Marshall Owens McDonald Harrison Ruiz Kennedy " +
  "Wells Alvarez Woods Mendoza Castillo Olson Webb Washington Tucker Freeman Burns Henry Vasquez Snyder " +
  "Simpson Crawford Jimenez Porter Mason Shaw Gordon Wagner Hunter Romero Hicks Dixon Hunt Palmer " +
  "Robertson Black Holmes Stone Meyer Boyd Mills Warren Fox Rose Rice Moreno Schmidt Patel Ferguson " +
  "Nichols Herrera Medina Ryan Fernandez Weaver Daniels Stephens Gardner Payne Kelley Dunn Pierce " +
  "Arnold Tran Spencer Peters Hawkins Grant Hansen Castro Hoffman Hart Elliott Cunningham Knight " +
  "Bradley Kowalski"
).split(" ");
const DOMAINS = ["example.com", "example.org", "example.net", "mail.example.com"];

/** One bench user, a pure function of its index (the same city on every run). */
export function benchUser(index: number) {
  // A small multiplicative hash, so neighbouring indexes get unrelated names.
  const mix = (salt: number) => Math.imul(index + 1, 2654435761 + salt * 40503) >>> 0;
  const first = FIRST_NAMES[mix(1) % FIRST_NAMES.length] as string;
  const last = LAST_NAMES[mix(2) % LAST_NAMES.length] as string;
  const id = `${BENCH_USER_PREFIX}${String(index).padStart(6, "0")}`;
  const email = `${first}.${last}${index}@${DOMAINS[mix(3) % DOMAINS.length]}`.toLowerCase();
  const phone = mix(4) % 3 === 0 ? null : `847${String(mix(5) % 10_000_000).padStart(7, "0")}`;
  const salesforceId = mix(6) % 2 === 0 ? null : `003${String(index).padStart(15, "0")}`;
  const fields = { Email: email, FirstName: first, LastName: last, PhoneNumber: phone, SalesforceId: salesforceId };
  return {
    id,
    data: {
      Id: id,
      ...fields,
      Admin: false,
      Verified: true,
      Language: mix(7) % 4 === 0 ? "es" : "en",
      isLanguageOverwrittenByDropdown: false,
      ProfilePictureUrl: null,
      // The product's own key builder, as mergeUser/refreshUserSearchFields and the seed write them.
      ...userSearchFields(fields),
    },
  };
}

/** Writes (or removes) users 0..count-1 in batches of 500, several batches in flight. */
export async function seedBenchUsers(db: Firestore, count: number, remove = false): Promise<void> {
  const BATCH = 500;
  const IN_FLIGHT = 4;
  const starts = Array.from({ length: Math.ceil(count / BATCH) }, (_, index) => index * BATCH);
  const writeBatch = async (start: number) => {
    const batch = db.batch();
    for (let index = start; index < Math.min(count, start + BATCH); index++) {
      const user = benchUser(index);
      if (remove) batch.delete(db.collection("users").doc(user.id));
      else batch.set(db.collection("users").doc(user.id), user.data);
    }
    await batch.commit();
  };
  for (let next = 0; next < starts.length; next += IN_FLIGHT) {
    await Promise.all(starts.slice(next, next + IN_FLIGHT).map(writeBatch));
  }
}

/** The 50,000; PORTAL_BENCH_SEARCH_USERS sets another count (to compare with a smaller city). */
export const SEARCH_BENCH_USERS = Number(process.env.PORTAL_BENCH_SEARCH_USERS ?? 50_000);
const SEARCH_CONNECTIONS = [1, 4] as const;
const SEARCH_GOAL_P95_MS = 300;

/** The searches an admin makes: no term and several prefixes (narrow to broad), each sort, page sizes. */
const SEARCHES: Record<string, string>[] = [
  {},
  { searchTerm: "mar" },
  { searchTerm: "gar", sortByField: "Email" },
  { searchTerm: "Smith", sortByField: "LastName", sortDirection: "desc" },
  { searchTerm: "j", sortByField: "FirstName", pageSize: "100" },
  { searchTerm: "maria.lopez" },
  { searchTerm: "kowalski", sortByField: "PhoneNumber" },
  { searchTerm: "zq" },
  { sortByField: "SalesforceId", sortDirection: "desc", pageSize: "50" },
];
/** Of these, the next page too (the cursor of the first answer). */
const NEXT_PAGE_OF = [0, 1, 4];

/**
 * Seeds SEARCH_BENCH_USERS users (straight to the emulator, as the product writes them), then loads
 * GET /api/elastic-users as the seeded admin with the searches above and next pages, at 1 and 4
 * connections, then removes the users.
 */
export async function measureUserSearch(): Promise<{ rows: BenchRow[]; results: Record<string, unknown> }> {
  const { db } = testAdmin();
  const seedStarted = Date.now();
  await seedBenchUsers(db, SEARCH_BENCH_USERS);
  const seedMs = Date.now() - seedStarted;
  const total = (await db.collection("users").count().get()).data().count;

  const paths = SEARCHES.map((search) => `/api/elastic-users?${new URLSearchParams(search)}`);
  const [admin] = await wireRequests({ signedInAs: "admin", requests: [{ path: "/api/elastic-users" }] });
  const headers = admin?.headers ?? {};
  // Every search answered once (the first answer of a shape builds its index), and the next pages.
  const firstAnswerMs: number[] = [];
  for (const [index, path] of paths.entries()) {
    const started = Date.now();
    const answer = await fetch(`${stackInfo().portalUrl}${path}`, { headers });
    const page = (await answer.json()) as UserSearchPage;
    firstAnswerMs.push(Date.now() - started);
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(page)}`);
    if (NEXT_PAGE_OF.includes(index) && page.nextCursor) {
      const search = { ...SEARCHES[index], cursor: page.nextCursor, pageNumber: "1" };
      paths.push(`/api/elastic-users?${new URLSearchParams(search)}`);
    }
  }
  const requests = paths.map((path) => ({ method: "GET", path, headers }));

  const rows: BenchRow[] = [];
  const row = `users search (${SEARCH_BENCH_USERS.toLocaleString("en-US")} users)`;
  rows.push({ section: "api", row: `${row} seed`, measure: "users in the collection", value: total, unit: "" });
  rows.push({ section: "api", row: `${row} seed`, measure: "seed time", value: seedMs, unit: "ms" });
  rows.push({
    section: "api",
    row: `${row} first answers`,
    measure: "slowest first answer of a search shape",
    value: Math.max(...firstAnswerMs),
    unit: "ms",
  });
  const loads: LoadResult[] = [];
  const mark = markRequestLogs();
  for (const connections of SEARCH_CONNECTIONS) {
    const result = await load(requests, connections);
    loads.push(result);
    const at = `${row} @${connections}`;
    rows.push({ section: "api", row: at, measure: "p50", value: result.p50Ms, unit: "ms" });
    rows.push({
      section: "api",
      row: at,
      measure: "p95",
      value: result.p95Ms,
      unit: "ms",
      goal: { atMost: SEARCH_GOAL_P95_MS },
    });
    rows.push({ section: "api", row: at, measure: "errors", value: result.errors, unit: "", goal: { atMost: 0 } });
    rows.push({ section: "api", row: at, measure: "requests", value: result.requests, unit: "" });
  }
  // Each page: its rows (one read each), one read per 1,000 matches of its count, the admin's user
  // document. The emulator scans the 50,000 users for each; Firestore reads only these.
  const reads = readsPerRequest(mark, "/api/elastic-users");
  rows.push({ section: "api", row: `${row} reads`, measure: "documents read / request", value: reads.mean, unit: "" });
  rows.push({ section: "api", row: `${row} reads`, measure: "most in one request", value: reads.max, unit: "" });
  // The next parts (the bulk send's audience) see the city without them.
  await seedBenchUsers(db, SEARCH_BENCH_USERS, true);
  return { rows, results: { users: total, seedMs, firstAnswerMs, requests: paths, loads, reads } };
}
