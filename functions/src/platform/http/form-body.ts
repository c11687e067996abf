/**
 * An `application/x-www-form-urlencoded` body as a record: a name sent once holds its text, a name
 * sent several times (`media_url=a&media_url=b`, as FixMyStreet's HTTP::Request::Common writes a
 * list) holds the array of its texts, in order. Names are kept as sent (`attribute[code][]` too):
 * what they mean is the route's schema's business. Read from the raw body with URLSearchParams, not
 * the runtime's parsed `req.body` (its `qs` turns `a[b][]` into nested objects and lists past 20
 * items into objects).
 */
export function formRecord(raw: string): Record<string, string | string[]> {
  // No prototype: a field named `__proto__` is a field like any other.
  const record: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(raw)) {
    const earlier = Object.hasOwn(record, name) ? record[name] : undefined;
    if (earlier === undefined) record[name] = value;
    else record[name] = Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
  }
  return record;
}
