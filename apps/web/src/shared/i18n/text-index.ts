// Texts that come without a key — a client rule's message, a success answer's text (only errors
// carry keys, ADR 0012) — read back to their key: a fixed text by equality, else a template whose
// {placeholders} hold the values. Never used for an error answer: it names its key.

export interface FoundText {
  key: string;
  params: Record<string, string>;
}

/** An index of catalogues (namespace → name → English): the first catalogue holding a text names it. */
export function createTextIndex(
  catalogues: Readonly<Record<string, Readonly<Record<string, string>>>>,
): (text: string) => FoundText | undefined {
  const keyByText = new Map<string, string>();
  const templates: Array<{ key: string; names: string[]; pattern: RegExp }> = [];
  for (const [catalogue, texts] of Object.entries(catalogues)) {
    for (const [name, text] of Object.entries(texts)) {
      const key = `${catalogue}.${name}`;
      const parts = text.split(/(\{[A-Za-z_]\w*\})/);
      const names = parts.flatMap((part) => /^\{([A-Za-z_]\w*)\}$/.exec(part)?.[1] ?? []);
      if (names.length === 0) {
        if (!keyByText.has(text)) keyByText.set(text, key);
        continue;
      }
      const source = parts
        .map((part, index) => (index % 2 === 1 ? '(.+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      templates.push({ key, names, pattern: new RegExp(`^${source}$`, 's') });
    }
  }
  return (text) => {
    const key = keyByText.get(text);
    if (key !== undefined) return { key, params: {} };
    for (const template of templates) {
      const match = template.pattern.exec(text);
      if (!match) continue;
      return {
        key: template.key,
        params: Object.fromEntries(template.names.map((name, i) => [name, match[i + 1] ?? ''])),
      };
    }
    return undefined;
  };
}
