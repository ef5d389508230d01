import { msg, type RemoteUrlBody } from '@formloop/contracts';
import type { ExternalSettings } from '@formloop/domain';
import { badRequest } from '../../platform/http/errors.ts';
import {
  RemoteError,
  type OutgoingRequest,
  type RemoteAnswer,
} from '../../platform/outbound/remote-fetch.ts';

// From external settings (url, requestType, headers, body, params, responseFormat, responsePath)
// and the form's values to an outgoing request, and from the answer to the value asked for.
// {name} placeholders take the value of the form's field `name`: URL-encoded in the URL, JSON-
// escaped in a JSON body (a bare placeholder becomes the JSON value), as text elsewhere.

export type CallSettings = Pick<
  ExternalSettings,
  'url' | 'requestType' | 'headers' | 'body' | 'params' | 'responsePath' | 'addGovHeaders'
> & { responseFormat: ExternalSettings['responseFormat'] | 'auto' };

const PLACEHOLDER = /\{\s*([A-Za-z_][\w-]*)\s*\}/g;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Never taken from settings: the connection's own business. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-connection',
]);
const USER_AGENT = 'Formloop-RemoteUrl/1.0';

/** A field's value as text: lists comma-joined, lookups by their label. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(valueText).join(',');
  if (typeof value === 'object') {
    if ('label' in value) return valueText((value as { label: unknown }).label);
    return JSON.stringify(value);
  }
  return String(value);
}

export const fillText = (
  template: string,
  values: Record<string, unknown>,
  encode = (text: string) => text,
) => template.replace(PLACEHOLDER, (_match, name: string) => encode(valueText(values[name])));

/**
 * A JSON body template: a placeholder inside a string literal gets the escaped text, one outside
 * gets the value as JSON (so {"amount": {amount}} sends a number and {"tags": {tags}} an array).
 */
export function fillJson(template: string, values: Record<string, unknown>): string {
  let out = '';
  let inString = false;
  let last = 0;
  const scan = (segment: string) => {
    for (let i = 0; i < segment.length; i += 1) {
      if (segment[i] === '\\' && inString) i += 1;
      else if (segment[i] === '"') inString = !inString;
    }
  };
  for (const match of template.matchAll(PLACEHOLDER)) {
    const segment = template.slice(last, match.index);
    scan(segment);
    const value = values[match[1]!];
    out +=
      segment + (inString ? JSON.stringify(valueText(value)).slice(1, -1) : JSON.stringify(value ?? null));
    last = match.index + match[0].length;
  }
  return out + template.slice(last);
}

const looksLikeJson = (text: string) => /^\s*[[{]/.test(text);
const clean = (text: string) => text.replace(/[\r\n\0]/g, ' ').trim();

/** The outgoing request; 400 urlInvalid when the filled URL is not an http(s) URL. */
export function buildRequest(settings: CallSettings, values: Record<string, unknown>): OutgoingRequest {
  const filled = fillText(settings.url.trim(), values, encodeURIComponent);
  const url = URL.canParse(filled) ? new URL(filled) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw badRequest(msg('recordLookups.urlInvalid'));
  for (const param of settings.params) {
    if (param.key.trim())
      url.searchParams.append(fillText(param.key.trim(), values), fillText(param.value, values));
  }
  const headers: Record<string, string> = {
    accept:
      settings.responseFormat === 'json'
        ? 'application/json, */*;q=0.5'
        : settings.responseFormat === 'xml'
          ? 'application/xml, text/xml, */*;q=0.5'
          : '*/*',
    'accept-encoding': 'gzip, deflate, br',
    'user-agent': USER_AGENT,
  };
  for (const header of settings.headers) {
    const name = header.key.trim().toLowerCase();
    if (!TOKEN.test(name) || RESERVED_HEADERS.has(name)) continue;
    headers[name] = clean(fillText(header.value, values));
  }
  const method = settings.requestType;
  let body: Buffer | undefined;
  if (method !== 'GET' && settings.body.trim()) {
    const json = looksLikeJson(settings.body);
    body = Buffer.from(json ? fillJson(settings.body, values) : fillText(settings.body, values));
    headers['content-type'] ??= json ? 'application/json' : 'text/plain; charset=utf-8';
  }
  return { url, method, headers, body };
}

/** `data.items[0].name`, `items.0.name`, `$.a["b c"]`; `found` false when a step is missing. */
export function pickPath(data: unknown, path: string): { found: boolean; value: unknown } {
  const trimmed = path.trim().replace(/^\$\.?/, '');
  if (!trimmed) return { found: true, value: data };
  const steps = [...trimmed.matchAll(/\[\s*(\d+)\s*\]|\[\s*["']([^"']*)["']\s*\]|([^.[\]]+)/g)].map(
    (m) => m[1] ?? m[2] ?? m[3]!,
  );
  let current: unknown = data;
  for (const step of steps) {
    if (Array.isArray(current) && /^\d+$/.test(step) && Number(step) < current.length)
      current = current[Number(step)];
    else if (
      current !== null &&
      typeof current === 'object' &&
      !Array.isArray(current) &&
      Object.hasOwn(current, step)
    ) {
      current = (current as Record<string, unknown>)[step];
    } else return { found: false, value: undefined };
  }
  return { found: true, value: current };
}

/** The answer, parsed per responseFormat and narrowed to responsePath. */
export function readAnswer(answer: RemoteAnswer, settings: CallSettings): unknown {
  const text = answer.body.toString('utf8');
  const format =
    settings.responseFormat === 'auto'
      ? /json/i.test(String(answer.headers['content-type'] ?? ''))
        ? 'json'
        : 'text'
      : settings.responseFormat;
  if (format !== 'json') return text;
  let data: unknown = null;
  if (text.trim()) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new RemoteError('failed', 'invalid JSON');
    }
  }
  if (!settings.responsePath.trim()) return data;
  const picked = pickPath(data, settings.responsePath);
  if (!picked.found) throw badRequest(msg('recordLookups.pathNotFound'));
  return picked.value;
}

/** Settings sent by a builder trying them out (raw mode), completed with the defaults. */
export function rawSettings(body: RemoteUrlBody): CallSettings {
  return {
    url: body.url ?? '',
    requestType: body.requestType ?? 'GET',
    headers: body.headers ?? [],
    body: body.body ?? '',
    params: body.params ?? [],
    responseFormat: body.responseFormat ?? 'auto',
    responsePath: body.responsePath ?? '',
    addGovHeaders: body.addGovHeaders ?? false,
  };
}
