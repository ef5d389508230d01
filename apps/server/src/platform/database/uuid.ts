// Ids are UUIDs. A value that is not one cannot name a row, so callers answer 404 (or skip it)
// without asking PostgreSQL, which would otherwise fail the whole statement on the cast.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value has the shape of a UUID (either case). */
export const isUuid = (value: string): boolean => UUID.test(value);
