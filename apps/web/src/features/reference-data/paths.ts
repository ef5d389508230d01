// The reference data screens' own addresses (spec §2); the router sends both to this feature.
export const REFERENCE_LIST_PATH = '/referencedata';
/** The detail route with this id creates a new list. */
export const NEW_LIST_ID = 'new';

export const referenceDetailHref = (id: string) => `${REFERENCE_LIST_PATH}/${encodeURIComponent(id)}`;
