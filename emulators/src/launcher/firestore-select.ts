import type { FirestoreServer } from "@firestore-emulator/server";
import type { Query, StoredDocument } from "./firestore-cursors.ts";

/**
 * The embedded emulator (0.3.x) ignores a query's projection (`select()`), so every field of every
 * matched document was encoded, sent and decoded: the users search read each user's 40-odd search
 * keys only to drop them. As Firestore does, a query with a projection of top-level fields answers
 * documents that carry only those fields (`select()` with none: only the name). A projection with a
 * nested path (`a.b`) is left as it was. Install it last, after the cursor and index layers.
 */
export function honourSelect(server: FirestoreServer): void {
  const state = server.state;
  const query = state.v1Query.bind(state);
  state.v1Query = (parent: string, structured: Query) => {
    const documents = query(parent, structured);
    if (!structured.has_select) return documents;
    const paths = structured.select.fields.map((field) => field.field_path);
    if (paths.some((path) => path.includes(".") || path.includes("`"))) return documents;
    const kept = paths.filter((path) => path !== "__name__");
    return documents.map((document) => projected(document, kept));
  };
}

/** The document as Firestore answers a projection: its own name and times, only the kept fields. */
function projected(document: StoredDocument, kept: string[]): StoredDocument {
  const own = (document as unknown as { fields: Record<string, unknown> }).fields;
  const fields = Object.fromEntries(kept.flatMap((path) => (Object.hasOwn(own, path) ? [[path, own[path]]] : [])));
  // Everything else (name, metadata, getField for the rest of the path) is the stored document's.
  return Object.create(document, { fields: { value: fields } }) as StoredDocument;
}
