// Reference lists and their values, for the list settings of the form editor and choice controls.
export { useReferenceLists, useReferenceValues } from './api.ts';
