/** Ids of fields, sections, rows and gaps: random, so two editors never hand out the same one. */
export const newId = (): string => crypto.randomUUID();
