/**
 * Web Storage without its exceptions. A browser may refuse storage (private modes, blocked site
 * data, a full quota), and then every access throws; here a refused read answers `undefined`, a
 * refused write answers false and a refused removal does nothing. Each caller says what the page
 * does without storage.
 */
export type StorageArea = "session" | "local";

const storageOf = (area: StorageArea): Storage => (area === "session" ? window.sessionStorage : window.localStorage);

/** The stored text, null when there is none, undefined when storage is refused. */
export function readStored(area: StorageArea, key: string): string | null | undefined {
  try {
    return storageOf(area).getItem(key);
  } catch {
    return undefined;
  }
}

/** The stored JSON value, or null when there is none, it is not JSON, or storage is refused. */
export function readStoredJson(area: StorageArea, key: string): unknown {
  const raw = readStored(area, key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Stores the text; false when storage refused it. */
export function writeStored(area: StorageArea, key: string, value: string): boolean {
  try {
    storageOf(area).setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeStored(area: StorageArea, key: string): void {
  try {
    storageOf(area).removeItem(key);
  } catch {
    // Nothing could have been stored.
  }
}
