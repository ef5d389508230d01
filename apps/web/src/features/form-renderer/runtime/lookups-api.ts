// Calls of the running app's lookup and external controls (engineer C's record-lookups module).
import {
  RECORD_LOOKUP_PATHS,
  type LookupRecord,
  type RecordModuleLookupBody,
  type RemoteUrlBody,
} from '@formloop/contracts';
import { type ExternalSettings, type PayloadField } from '@formloop/domain';
import { isApiError } from '../../../shared/api/api-error.ts';
import { http } from '../../../shared/api/http.ts';
import { useAreaMessageTranslator } from '../../../shared/i18n/translate-message.ts';
import type { FormValues } from '../renderer-model.ts';
import type { RendererRuntime } from '../runtime-context.ts';
import type { CellAddress } from './field-scope.ts';
import { govClientValues } from './gov-client.ts';

export const FORM_EXTERNAL_NAMESPACE = 'formExternal';

export interface LookupPage {
  data: LookupRecord[];
  hasMore: boolean;
}

/** RecordModuleLookup: a page of the looked-up app's submitted records. */
export const fetchLookupPage = async (body: RecordModuleLookupBody, signal?: AbortSignal) =>
  (await http.post<LookupPage>(RECORD_LOOKUP_PATHS.recordModuleLookup, body, { signal })).data;

export interface RemoteAnswer {
  status: number;
  /** The value at responsePath (the whole answer when none), parsed per responseFormat. */
  data: unknown;
}

/** RemoteUrl: the server-side proxy calls the field's external address. */
export const callRemote = async (body: RemoteUrlBody, signal?: AbortSignal) =>
  (await http.post<RemoteAnswer>(RECORD_LOOKUP_PATHS.remoteUrl, body, { signal })).data;

export const externalKeys = {
  all: ['formExternal'] as const,
  lookup: (body: Omit<RecordModuleLookupBody, 'page'>) => ['formExternal', 'lookup', body] as const,
  remote: (moduleId: string, fieldName: string, search: string, values: string) =>
    ['formExternal', 'remote', moduleId, fieldName, search, values] as const,
};

/**
 * The RemoteUrl body of a running app ("runtime mode"): the server reads url, headers, body and
 * params from the published definition by moduleId + fieldName (+ groupName for a table cell) and
 * fills their {field} placeholders from `values`. The browser adds what only it knows: the
 * Gov-Client values when the field asks for gov headers.
 */
export function remoteBody(
  runtime: Pick<RendererRuntime, 'moduleId'>,
  field: PayloadField,
  cell: CellAddress | null,
  values: FormValues | undefined,
): RemoteUrlBody {
  const external: Partial<ExternalSettings> = field.external ?? {};
  return {
    moduleId: runtime.moduleId,
    fieldName: field.name,
    ...(cell ? { groupName: cell.groupName } : {}),
    ...(values ? { values: jsonSafe(values) } : {}),
    ...(external.addGovHeaders ? { govClient: govClientValues() } : {}),
  };
}

/** Drops what JSON cannot carry (undefined) so the body matches what the server validates. */
const jsonSafe = (values: FormValues): FormValues => JSON.parse(JSON.stringify(values)) as FormValues;

/**
 * The value placeholder a remote lookup's search fills: `{_search}` in the field's url, params or
 * body receives what the user typed (field machine names start with a letter, so none clashes).
 */
export const SEARCH_PLACEHOLDER = '_search';

/**
 * A failed call as text in the reader's language: the contract's RECORD_LOOKUP_MESSAGES through
 * formExternal:messages, the spec's through validation, anything else as the server said it.
 */
export function useExternalErrorText(): (error: unknown, fallback: string) => string {
  const translate = useAreaMessageTranslator(FORM_EXTERNAL_NAMESPACE);
  return (error, fallback) =>
    isApiError(error) && error.message.trim() !== '' ? translate(error) : fallback;
}
