import BoldOutlined from '@ant-design/icons/es/icons/BoldOutlined';
import CodeOutlined from '@ant-design/icons/es/icons/CodeOutlined';
import ItalicOutlined from '@ant-design/icons/es/icons/ItalicOutlined';
import LinkOutlined from '@ant-design/icons/es/icons/LinkOutlined';
import OrderedListOutlined from '@ant-design/icons/es/icons/OrderedListOutlined';
import UnderlineOutlined from '@ant-design/icons/es/icons/UnderlineOutlined';
import UnorderedListOutlined from '@ant-design/icons/es/icons/UnorderedListOutlined';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import TextArea from 'antd/es/input/TextArea';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_RENDERER_NAMESPACE } from '../messages.ts';
import { asText, type ControlProps } from './control-props.ts';
import {
  activeFormats,
  applyLink,
  closestIn,
  insertClipboard,
  isBlankHtml,
  normaliseLink,
  rangeIn,
  sanitizeRichText,
  toggleInline,
  toggleList,
  type InlineFormat,
  type ListKind,
} from './richtext-format.ts';

export { sanitizeRichText } from './richtext-format.ts';

const BOX = {
  minHeight: 96,
  padding: '4px 11px',
  border: '1px solid var(--ant-color-border, #d9d9d9)',
  borderRadius: 6,
  overflowWrap: 'anywhere' as const,
};

const SHORTCUTS: Record<string, InlineFormat> = { b: 'bold', i: 'italic', u: 'underline' };

type Active = ReturnType<typeof activeFormats>;

/** A toolbar button that leaves the caret in the text (mouse down would move focus to the button). */
function ToolButton(props: {
  label: string;
  icon: ReactNode;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="small"
      type={props.pressed ? 'primary' : 'text'}
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      disabled={props.disabled}
      icon={props.icon}
      onMouseDown={(event) => event.preventDefault()}
      onClick={props.onClick}
    />
  );
}

/**
 * richtext and richtext-html: a small editor (bold, italic, underline, lists, links) whose HTML is
 * sanitised with DOMPurify before it leaves the control, and again wherever it is shown, since it
 * comes from other people's input. richtext-html can also be edited as its HTML source.
 */
export function RichTextControl(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const editor = useRef<HTMLDivElement | null>(null);
  // The HTML this editor emitted: a value coming back unchanged must not reset the caret.
  const emitted = useRef<string | null>(null);
  const savedRange = useRef<Range | null>(null);
  const [active, setActive] = useState<Active>(() => new Set());
  const [linkDraft, setLinkDraft] = useState<string | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(false);
  const [source, setSource] = useState<string | null>(null);
  const html = asText(props.value);
  const canEditSource = props.field.fieldType === 'richtext-html';

  // The editor element the HTML was last written into (it is a new one after the source view).
  const filled = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const element = editor.current;
    if (!element || (html === emitted.current && element === filled.current)) return;
    element.innerHTML = sanitizeRichText(html);
    emitted.current = html;
    filled.current = element;
  }, [html, source]);

  useEffect(() => {
    const update = () => {
      const element = editor.current;
      if (element && rangeIn(element)) setActive(activeFormats(element));
    };
    document.addEventListener('selectionchange', update);
    return () => document.removeEventListener('selectionchange', update);
  }, []);

  const emitHtml = (next: string) => {
    emitted.current = next;
    props.onChange(next === '' ? null : next);
  };
  /** The editor's HTML, sanitised; anything the sanitiser removed is removed on screen too. */
  const emit = () => {
    const element = editor.current;
    if (!element) return;
    const clean = isBlankHtml(element) ? '' : sanitizeRichText(element.innerHTML);
    if (clean !== '' && clean !== element.innerHTML) element.innerHTML = clean;
    setActive(activeFormats(element));
    emitHtml(clean);
  };
  const run = (command: (root: HTMLElement) => boolean) => {
    const element = editor.current;
    if (!element) return;
    if (!rangeIn(element)) element.focus();
    if (command(element)) emit();
  };

  const openLink = () => {
    const element = editor.current;
    const range = element ? rangeIn(element) : null;
    savedRange.current = range?.cloneRange() ?? null;
    const current = element && range ? closestIn(range.commonAncestorContainer, element, 'a') : null;
    setLinkInvalid(false);
    setLinkDraft(current?.getAttribute('href') ?? '');
  };
  const closeLink = () => {
    setLinkDraft(null);
    const element = editor.current;
    const range = savedRange.current;
    element?.focus();
    if (range) {
      const selection = document.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    }
  };
  const saveLink = () => {
    const element = editor.current;
    const text = linkDraft ?? '';
    const href = text.trim() === '' ? null : normaliseLink(text);
    if (text.trim() !== '' && href === null) return setLinkInvalid(true);
    if (element && applyLink(element, savedRange.current, href)) emit();
    setLinkDraft(null);
    element?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const format = SHORTCUTS[event.key.toLowerCase()];
    if ((event.ctrlKey || event.metaKey) && !event.altKey && format) {
      event.preventDefault();
      run((root) => toggleInline(root, format));
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      openLink();
    }
  };

  if (props.readOnly) {
    return (
      <div
        id={props.id}
        role="document"
        aria-label={props.label}
        aria-describedby={props.describedBy}
        tabIndex={0}
        // Text, not an editor: no border, the muted background of every read-only value.
        style={{
          ...BOX,
          minHeight: 32,
          border: '1px solid transparent',
          background: 'var(--ant-color-fill-tertiary, rgba(0, 0, 0, 0.04))',
        }}
        dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }}
      />
    );
  }

  const inline = (format: InlineFormat, icon: ReactNode) => (
    <ToolButton
      label={t(`richtext.${format}`)}
      icon={icon}
      pressed={active.has(format)}
      disabled={source !== null}
      onClick={() => run((root) => toggleInline(root, format))}
    />
  );
  const list = (kind: ListKind, icon: ReactNode) => (
    <ToolButton
      label={t(kind === 'ul' ? 'richtext.bulletList' : 'richtext.numberedList')}
      icon={icon}
      pressed={active.has(kind)}
      disabled={source !== null}
      onClick={() => run((root) => toggleList(root, kind))}
    />
  );

  return (
    <div>
      <div
        role="toolbar"
        aria-label={t('richtext.toolbar', { label: props.label })}
        style={{ display: 'flex', gap: 2, flexWrap: 'wrap', marginBottom: 4 }}
      >
        {inline('bold', <BoldOutlined aria-hidden />)}
        {inline('italic', <ItalicOutlined aria-hidden />)}
        {inline('underline', <UnderlineOutlined aria-hidden />)}
        {list('ul', <UnorderedListOutlined aria-hidden />)}
        {list('ol', <OrderedListOutlined aria-hidden />)}
        <ToolButton
          label={t('richtext.link')}
          icon={<LinkOutlined aria-hidden />}
          pressed={active.has('link')}
          disabled={source !== null}
          onClick={openLink}
        />
        {canEditSource ? (
          <ToolButton
            label={t('richtext.source')}
            icon={<CodeOutlined aria-hidden />}
            pressed={source !== null}
            onClick={() => setSource(source === null ? html : null)}
          />
        ) : null}
      </div>
      {linkDraft !== null ? (
        <div style={{ display: 'flex', gap: 8, marginBottom: 4 }}>
          <Input
            autoFocus
            size="small"
            aria-label={t('richtext.linkAddress')}
            placeholder="https://"
            value={linkDraft}
            status={linkInvalid ? 'error' : undefined}
            aria-invalid={linkInvalid || undefined}
            onChange={(event) => setLinkDraft(event.target.value)}
            onPressEnter={saveLink}
            onKeyDown={(event) => event.key === 'Escape' && closeLink()}
          />
          <Button size="small" type="primary" onClick={saveLink}>
            {t('richtext.applyLink')}
          </Button>
          <Button size="small" onClick={closeLink}>
            {t('richtext.cancel')}
          </Button>
        </div>
      ) : null}
      {linkInvalid && linkDraft !== null ? (
        <div role="alert" style={{ color: 'var(--ant-color-error, #ff4d4f)', fontSize: 12 }}>
          {t('richtext.invalidLink')}
        </div>
      ) : null}
      {source !== null ? (
        <TextArea
          id={props.id}
          aria-label={t('richtext.sourceOf', { label: props.label })}
          aria-describedby={props.describedBy}
          autoSize={{ minRows: 4, maxRows: 16 }}
          value={source}
          style={{ fontFamily: 'monospace' }}
          onChange={(event) => {
            // What is typed stays on screen; what leaves the control is always sanitised.
            setSource(event.target.value);
            emitHtml(sanitizeRichText(event.target.value));
          }}
        />
      ) : (
        <div
          ref={editor}
          id={props.id}
          role="textbox"
          aria-multiline="true"
          aria-label={props.label}
          aria-describedby={props.describedBy}
          aria-invalid={props.invalid || undefined}
          aria-placeholder={props.field.placeholder || undefined}
          contentEditable
          suppressContentEditableWarning
          tabIndex={0}
          style={{
            ...BOX,
            minHeight: props.compact ? 32 : 96,
            border: props.invalid ? '1px solid var(--ant-color-error, #ff4d4f)' : BOX.border,
          }}
          onInput={emit}
          onKeyDown={onKeyDown}
          onPaste={(event) => {
            event.preventDefault();
            run((root) => insertClipboard(root, event.clipboardData));
          }}
          onDrop={(event) => {
            // Dropped HTML could carry handlers: it goes in sanitised, like a paste.
            event.preventDefault();
            run((root) => insertClipboard(root, event.dataTransfer));
          }}
        />
      )}
    </div>
  );
}
