import type { Query, QueryDocumentSnapshot, QuerySnapshot } from "firebase-admin/firestore";

/**
 * A query's result kept current by a Firestore listener, for data read on every page and changed
 * rarely (catalogue, feature flags, texts): a request reads memory instead of the whole collection.
 * Writes from anywhere reach it through the listener. After a write by this instance, the next read
 * asks Firestore itself, so the writer's own next read shows its change at once; a listener
 * snapshot older than the newest result held is ignored.
 */
export interface LiveQuery<R> {
  /** What `derive` made of the current documents (made once per result; callers must not change it). */
  read(): Promise<R>;
  /** This instance changed the data: the next read asks Firestore. */
  changed(): void;
}

export function liveQuery<T, R>(query: () => Query<T>, derive: (docs: QueryDocumentSnapshot<T>[]) => R): LiveQuery<R> {
  let latest: QuerySnapshot<T> | undefined;
  // Reading a document runs its schema: do it once per result, not on every request.
  const derived = new WeakMap<QuerySnapshot<T>, R>();
  const deriveOnce = (snapshot: QuerySnapshot<T>): R => {
    let value = derived.get(snapshot);
    if (value === undefined) {
      value = derive(snapshot.docs);
      derived.set(snapshot, value);
    }
    return value;
  };
  let listening: Promise<void> | undefined;
  let stale = false;

  const keep = (snapshot: QuerySnapshot<T>) => {
    if (!latest || snapshot.readTime.toMillis() >= latest.readTime.toMillis()) latest = snapshot;
  };

  const listen = () => {
    listening ??= new Promise<void>((resolve, reject) => {
      const stop = query().onSnapshot(
        (snapshot) => {
          keep(snapshot);
          resolve();
        },
        (error) => {
          // The listener ended: forget it, so a later read starts a new one.
          stop();
          latest = undefined;
          listening = undefined;
          reject(error);
        },
      );
    });
    return listening;
  };

  const fetchNow = async () => {
    const snapshot = await query().get();
    keep(snapshot);
    return deriveOnce(snapshot);
  };

  return {
    async read() {
      if (stale) {
        stale = false;
        return fetchNow();
      }
      try {
        await listen();
      } catch {
        return fetchNow();
      }
      return latest ? deriveOnce(latest) : fetchNow();
    },
    changed() {
      stale = true;
    },
  };
}
