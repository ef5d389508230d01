// Elsa 2.x activity kinds mapped onto ours. Elsa-only kinds (If, SendHttpRequest, SetVariable,
// Finish, ...) are always Elsa's; Fork, Join, SendEmail, Timer and UserTask exist in both, so an
// activity of those kinds counts as Elsa's only when its properties are Elsa's PascalCase names
// (ours are camelCase, which keeps our own exports importing unchanged).
import { defaultProperties } from './definition.ts';
import { isIsoDuration } from './durations.ts';
import { isRecord } from './json.ts';
import { asList, asText, type ReadProperties } from './elsa-read.ts';

export interface MappedActivity {
  type: string;
  properties: Record<string, unknown>;
  warnings: string[];
}

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** NodaTime / TimeSpan text ("00:00:10", "1.02:00:00", "1:02:00:00") or Duration.FromX(n) as ISO 8601. */
export function toIsoDuration(value: unknown): string | null {
  const text = asText(value).trim();
  if (isIsoDuration(text)) return text.toUpperCase();
  const span = /^(?:(\d+)[.:])?(\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.\d+)?$/.exec(text);
  const helper = /^Duration\.From(Days|Hours|Minutes|Seconds)\(\s*(\d+)\s*\)$/.exec(text);
  const units = { Days: 0, Hours: 0, Minutes: 0, Seconds: 0 };
  if (span) {
    const [days, hours, minutes, seconds] = span.slice(1).map((part) => Number(part ?? 0));
    Object.assign(units, { Days: days, Hours: hours, Minutes: minutes, Seconds: seconds });
  } else if (helper) {
    units[helper[1] as keyof typeof units] = Number(helper[2]);
  } else {
    return null;
  }
  const { Days: days, Hours: hours, Minutes: minutes, Seconds: seconds } = units;
  const date = days > 0 ? `${days}D` : '';
  const time = [
    hours > 0 ? `${hours}H` : '',
    minutes > 0 ? `${minutes}M` : '',
    seconds > 0 ? `${seconds}S` : '',
  ];
  const iso = `P${date}${time.join('') === '' ? '' : `T${time.join('')}`}`;
  return iso === 'P' ? 'PT0S' : iso;
}

function headers(value: unknown): Record<string, string> {
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, asText(item)]));
  const result: Record<string, string> = {};
  for (const line of asText(value).split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) result[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return result;
}

type Mapper = (values: Record<string, unknown>, read: ReadProperties, label: string) => MappedActivity;

function timer(values: Record<string, unknown>, _read: ReadProperties, label: string): MappedActivity {
  const raw = values.Timeout ?? values.Duration ?? values.TimeoutDuration;
  const duration = raw === undefined ? null : toIsoDuration(raw);
  const warnings =
    duration === null
      ? [
          raw === undefined
            ? `Timer '${label}' waits for a point in time or a schedule; give it a duration before publishing`
            : `Timer '${label}': '${asText(raw)}' is not a duration Formloop understands; set one before publishing`,
        ]
      : [];
  return { type: 'Timer', properties: { duration: duration ?? '' }, warnings };
}

const ELSA_ONLY: Readonly<Record<string, Mapper>> = {
  If: (values, read, label) => ({
    type: 'Decision',
    properties: { condition: asText(values.Condition) },
    warnings:
      read.syntaxes.Condition !== undefined && !['Literal', 'Json'].includes(read.syntaxes.Condition)
        ? [`Decision '${label}': its condition was ${read.syntaxes.Condition}; rewrite it as a formula`]
        : [],
  }),
  SendHttpRequest: (values) => {
    const method = asText(values.Method).toUpperCase();
    const expected = Array.isArray(values.SupportedStatusCodes)
      ? values.SupportedStatusCodes.filter((code) => Number.isInteger(code))
      : [];
    return {
      type: 'HttpRequest',
      properties: {
        url: asText(values.Url),
        method: HTTP_METHODS.includes(method) ? method : 'GET',
        headers: headers(values.RequestHeaders),
        body: asText(values.Content),
        ...(expected.length > 0 ? { expectedStatus: expected } : {}),
      },
      warnings: [],
    };
  },
  SetVariable: (values) => ({
    type: 'SetField',
    properties: { field: asText(values.VariableName), value: asText(values.Value) },
    warnings: [],
  }),
  Delay: timer,
  StartAt: timer,
  Finish: () => ({ type: 'End', properties: {}, warnings: [] }),
};

const SHARED: Readonly<Record<string, Mapper>> = {
  Fork: (values) => ({ type: 'Fork', properties: { branches: asList(values.Branches) }, warnings: [] }),
  Join: (values) => {
    const mode = asText(values.Mode);
    return {
      type: 'Join',
      properties: { mode: mode === 'WaitAny' || mode === '1' ? 'WaitAny' : 'WaitAll' },
      warnings: [],
    };
  },
  SendEmail: (values) => ({
    type: 'SendEmail',
    properties: {
      to: asList(values.To).join(', '),
      subject: asText(values.Subject),
      body: asText(values.Body),
    },
    warnings: [],
  }),
  Timer: timer,
  UserTask: (values, _read, label) => {
    const actions = asList(values.Actions);
    return {
      type: 'UserTask',
      properties: { assignment: [], actions: actions.length > 0 ? actions : ['Done'], allowSendBack: true },
      warnings: [`User task '${label}' has no assignees; choose them before publishing`],
    };
  },
};

/** Elsa's kind of activity in ours; anything not Elsa's comes back unchanged. */
export function mapElsaActivity(type: string, read: ReadProperties, label: string): MappedActivity {
  const names = Object.keys(read.values);
  const elsaNames = names.length > 0 && names.some((name) => /^[A-Z]/.test(name));
  const mapper = SHARED[type] && !elsaNames ? undefined : (ELSA_ONLY[type] ?? SHARED[type]);
  if (!mapper) return { type, properties: read.values, warnings: [] };
  const mapped = mapper(read.values, read, label);
  return { ...mapped, properties: { ...defaultProperties(mapped.type), ...mapped.properties } };
}
