// The rich text editor's formatting, done on the DOM with Selection and Range (document.execCommand
// is deprecated and behaves differently in every browser), and the sanitising every HTML passes.
import DOMPurify from 'dompurify';

/** Tags the editor may hold: text structure and inline formatting; no forms, frames, styles or scripts. */
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'object'];
const FORBID_ATTR = ['style', 'class', 'id'];

let hooked = false;
/** Links that open a new tab must not hand the form's window to the page they open. */
function ensureLinkHook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node instanceof Element && node.tagName === 'A' && node.getAttribute('target')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

const CONFIG = { FORBID_TAGS, FORBID_ATTR, ADD_ATTR: ['target'] };

/** Other people's HTML made safe to show and store: no scripts, handlers or javascript: links. */
export function sanitizeRichText(html: string): string {
  ensureLinkHook();
  return DOMPurify.sanitize(html, CONFIG);
}

function sanitizedFragment(html: string): DocumentFragment {
  ensureLinkHook();
  return DOMPurify.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
}

/** Whether the HTML shows nothing (no text, no picture): the field is then empty. */
export function isBlankHtml(root: HTMLElement): boolean {
  return (root.textContent ?? '').trim() === '' && root.querySelector('img') === null;
}

/** The selection's range, if it lies inside the editor. */
export function rangeIn(root: HTMLElement): Range | null {
  const selection = root.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  return root.contains(range.commonAncestorContainer) ? range : null;
}

function select(root: HTMLElement, range: Range) {
  const selection = root.ownerDocument.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/** The nearest element matching `selector` from `node` up to (not including) the editor. */
export function closestIn(node: Node | null, root: HTMLElement, selector: string): HTMLElement | null {
  let element: HTMLElement | null = node instanceof HTMLElement ? node : (node?.parentElement ?? null);
  while (element && element !== root) {
    if (element.matches(selector)) return element;
    element = element.parentElement;
  }
  return null;
}

function unwrap(element: Element) {
  const parent = element.parentNode;
  if (!parent) return;
  while (element.firstChild) parent.insertBefore(element.firstChild, element);
  parent.removeChild(element);
}

export const INLINE_FORMATS = {
  bold: { tag: 'strong', selector: 'strong,b' },
  italic: { tag: 'em', selector: 'em,i' },
  underline: { tag: 'u', selector: 'u' },
} as const;
export type InlineFormat = keyof typeof INLINE_FORMATS;
export type ListKind = 'ul' | 'ol';

/** Bold, italic or underline: off inside such text, otherwise the selected text is wrapped. */
export function toggleInline(root: HTMLElement, format: InlineFormat): boolean {
  const range = rangeIn(root);
  if (!range) return false;
  const { tag, selector } = INLINE_FORMATS[format];
  const existing = closestIn(range.commonAncestorContainer, root, selector);
  if (existing) {
    unwrap(existing);
    return true;
  }
  if (range.collapsed) return false;
  const wrapper = root.ownerDocument.createElement(tag);
  wrapper.appendChild(range.extractContents());
  wrapper.querySelectorAll(selector).forEach(unwrap);
  range.insertNode(wrapper);
  const again = root.ownerDocument.createRange();
  again.selectNodeContents(wrapper);
  select(root, again);
  return true;
}

const BLOCK = /^(P|DIV|H[1-6]|BLOCKQUOTE|PRE|UL|OL)$/;
const isBlock = (node: Node) => node instanceof HTMLElement && BLOCK.test(node.tagName);

/** The editor's child that holds `node`. */
function topLevel(root: HTMLElement, node: Node, offset: number): Node | null {
  if (node === root) return root.childNodes[Math.min(offset, root.childNodes.length - 1)] ?? null;
  let current: Node | null = node;
  while (current && current.parentNode !== root) current = current.parentNode;
  return current;
}

/** Loose text and inline elements around `node` at the top level, gathered into a paragraph. */
function asBlock(root: HTMLElement, node: Node): Node {
  if (isBlock(node)) return node;
  let first: Node = node;
  while (first.previousSibling && !isBlock(first.previousSibling) && first.previousSibling.nodeName !== 'BR')
    first = first.previousSibling;
  const paragraph = root.ownerDocument.createElement('p');
  root.insertBefore(paragraph, first);
  let current: Node | null = first;
  while (current && !isBlock(current)) {
    const next: Node | null = current.nextSibling;
    if (current.nodeName === 'BR') {
      root.removeChild(current);
      break;
    }
    paragraph.appendChild(current);
    current = next;
  }
  return paragraph;
}

/** A bulleted or numbered list: off inside that list, switched inside the other, else made from the blocks selected. */
export function toggleList(root: HTMLElement, kind: ListKind): boolean {
  const range = rangeIn(root);
  const doc = root.ownerDocument;
  if (!range) return false;
  const item = closestIn(range.startContainer, root, 'li');
  const list = item?.parentElement;
  if (list && /^(UL|OL)$/.test(list.tagName)) {
    if (list.tagName.toLowerCase() === kind) {
      const paragraphs = doc.createDocumentFragment();
      for (const entry of Array.from(list.children)) {
        const paragraph = doc.createElement('p');
        while (entry.firstChild) paragraph.appendChild(entry.firstChild);
        paragraphs.appendChild(paragraph);
      }
      list.replaceWith(paragraphs);
    } else {
      const other = doc.createElement(kind);
      while (list.firstChild) other.appendChild(list.firstChild);
      list.replaceWith(other);
    }
    return true;
  }
  const created = doc.createElement(kind);
  const startNode = topLevel(root, range.startContainer, range.startOffset);
  const endNode = topLevel(root, range.endContainer, range.endOffset);
  if (!startNode || !endNode) {
    const entry = doc.createElement('li');
    entry.appendChild(doc.createElement('br'));
    created.appendChild(entry);
    root.appendChild(created);
  } else {
    const start = asBlock(root, startNode);
    const end = startNode === endNode ? start : asBlock(root, endNode);
    root.insertBefore(created, start);
    let current: Node | null = start;
    while (current) {
      const next: Node | null = current === end ? null : current.nextSibling;
      if (current instanceof HTMLElement && /^(UL|OL)$/.test(current.tagName)) {
        while (current.firstChild) created.appendChild(current.firstChild);
      } else if (
        current.nodeName !== 'BR' &&
        (current.nodeType === Node.ELEMENT_NODE || (current.textContent ?? '').trim() !== '')
      ) {
        const entry = doc.createElement('li');
        if (isBlock(current)) while (current.firstChild) entry.appendChild(current.firstChild);
        else entry.appendChild(current.cloneNode(true));
        created.appendChild(entry);
      }
      current.parentNode?.removeChild(current);
      current = next;
    }
  }
  const caret = doc.createRange();
  caret.selectNodeContents(created.lastElementChild ?? created);
  caret.collapse(false);
  select(root, caret);
  return true;
}

/** http(s) and mailto addresses only; a bare 'example.com' means https. Null when not an address. */
export function normaliseLink(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** Sets the link of the selected text (or of the link the caret is in); an empty address removes it. */
export function applyLink(root: HTMLElement, range: Range | null, href: string | null): boolean {
  if (!range || !root.contains(range.commonAncestorContainer)) return false;
  const existing = closestIn(range.commonAncestorContainer, root, 'a');
  if (href === null) {
    if (existing) unwrap(existing);
    return existing !== null;
  }
  if (existing) {
    existing.setAttribute('href', href);
    return true;
  }
  const link = root.ownerDocument.createElement('a');
  link.setAttribute('href', href);
  link.setAttribute('target', '_blank');
  link.setAttribute('rel', 'noopener noreferrer');
  if (range.collapsed) link.textContent = href;
  else link.appendChild(range.extractContents());
  range.insertNode(link);
  const after = root.ownerDocument.createRange();
  after.setStartAfter(link);
  after.collapse(true);
  select(root, after);
  return true;
}

/** Pasted or dropped content, sanitised, in place of the selection (plain text keeps its line breaks). */
export function insertClipboard(root: HTMLElement, data: DataTransfer): boolean {
  const range = rangeIn(root);
  if (!range) return false;
  const html = data.getData('text/html');
  let fragment: DocumentFragment;
  if (html) fragment = sanitizedFragment(html);
  else {
    fragment = root.ownerDocument.createDocumentFragment();
    data
      .getData('text/plain')
      .split(/\r?\n/)
      .forEach((line, index) => {
        if (index > 0) fragment.appendChild(root.ownerDocument.createElement('br'));
        fragment.appendChild(root.ownerDocument.createTextNode(line));
      });
  }
  const last = fragment.lastChild;
  range.deleteContents();
  range.insertNode(fragment);
  if (last) {
    const after = root.ownerDocument.createRange();
    after.setStartAfter(last);
    after.collapse(true);
    select(root, after);
  }
  return true;
}

/** Which formats the selection is in, for the toolbar's pressed buttons. */
export function activeFormats(root: HTMLElement): Set<InlineFormat | ListKind | 'link'> {
  const active = new Set<InlineFormat | ListKind | 'link'>();
  const range = rangeIn(root);
  if (!range) return active;
  const node = range.commonAncestorContainer;
  for (const format of Object.keys(INLINE_FORMATS) as InlineFormat[]) {
    if (closestIn(node, root, INLINE_FORMATS[format].selector)) active.add(format);
  }
  const list = closestIn(node, root, 'li')?.parentElement?.tagName;
  if (list === 'UL') active.add('ul');
  if (list === 'OL') active.add('ol');
  if (closestIn(node, root, 'a')) active.add('link');
  return active;
}
