import {
  MESSAGE_CATALOGUES,
  msg,
  type ErrorKey,
  type MessageNamespace,
  type MessageRef,
} from '@formloop/contracts';
import { badField, badRequest, fieldError, type AppError } from './errors.ts';

// The one place a message's English text is read back to its key (ADR 0012). Errors the server
// makes name their key directly (`msg(...)`); only texts that arrive as text — a zod rule's message
// in a contract schema, a shared validator that returns its message — are looked up here, exactly,
// in a table built once from the catalogues. Templates ({placeholders}) are matched by pattern.
// The web app never does this: it translates the key the answer carries.

const exact = new Map<string, ErrorKey>();
const templates: Array<{ key: ErrorKey; names: string[]; pattern: RegExp }> = [];
const PLACEHOLDER = /^\{([A-Za-z_]\w*)\}$/;

for (const namespace of Object.keys(MESSAGE_CATALOGUES) as MessageNamespace[]) {
  const catalogue = MESSAGE_CATALOGUES[namespace] as Readonly<Record<string, string>>;
  for (const [name, text] of Object.entries(catalogue)) {
    const key = `${namespace}.${name}` as ErrorKey;
    const parts = text.split(/(\{\w+\})/);
    const names = parts.flatMap((part) => PLACEHOLDER.exec(part)?.[1] ?? []);
    if (names.length === 0) {
      // The first catalogue to hold a text names it (validation first: the spec's own messages).
      if (!exact.has(text)) exact.set(text, key);
      continue;
    }
    const source = parts
      .map((part) => (PLACEHOLDER.test(part) ? '(.+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    templates.push({ key, names, pattern: new RegExp(`^${source}$`, 's') });
  }
}

/** The key and params of a catalogue text; null for a text no catalogue holds. */
export function refOfText(text: string): MessageRef | null {
  const key = exact.get(text);
  if (key !== undefined) return { key, params: {} };
  for (const template of templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const params: Record<string, string> = {};
    template.names.forEach((name, index) => {
      params[name] = match[index + 1] ?? '';
    });
    return { key: template.key, params };
  }
  return null;
}

/** As refOfText, with a fallback key for a text outside the catalogues. */
export const keyOfText = (text: string, fallback: MessageRef = msg('server.invalid')): MessageRef =>
  refOfText(text) ?? fallback;

/** A workflow engine refusal (WorkflowActionError code, kebab-case) as its workflowEngine message. */
export function engineRefusalRef(code: string): MessageRef {
  const name = code.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
  const key = `workflowEngine.${name}`;
  return Object.hasOwn(MESSAGE_CATALOGUES.workflowEngine, name)
    ? { key: key as ErrorKey, params: {} }
    : msg('server.invalid');
}

/**
 * A 400 from field problems collected as catalogue texts (a shared validator's output): each text is
 * read back to its key here, once, at the edge. The first problem is the answer's message.
 */
export function badFieldTexts(problems: ReadonlyArray<{ field: string; message: string }>): AppError {
  const errors = problems.map((problem) => fieldError(problem.field, keyOfText(problem.message)));
  const first = errors[0];
  return badRequest(
    first ? { key: first.key as ErrorKey, params: first.params } : msg('server.invalid'),
    errors,
  );
}

/** A 400 about one field whose problem is a catalogue text. */
export const badFieldText = (field: string, message: string): AppError => badField(field, keyOfText(message));
