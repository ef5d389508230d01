import CheckCircleOutlined from '@ant-design/icons/es/icons/CheckCircleOutlined';
import CloseCircleOutlined from '@ant-design/icons/es/icons/CloseCircleOutlined';
import type { FieldValueType } from '@formloop/domain';
import { checkFormula, FORMULA_FUNCTIONS } from '@formloop/formula';
import theme from 'antd/es/theme';
import {
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  translateFormulaError,
  translateValueType,
  FORM_RENDERER_NAMESPACE,
} from '../../form-renderer/index.ts';
import {
  applySuggestion,
  highlightPieces,
  insertFunction,
  suggestionsFor,
  typingAt,
  type Suggestion,
} from './formula-suggest.ts';
import { FunctionReference } from './function-reference.tsx';

export interface FormulaInputProps {
  id?: string;
  value: string;
  onChange(value: string): void;
  /** The fields a formula may use: name → value type; table columns as 'table.column'. */
  fields: Record<string, FieldValueType>;
  /** The calculation field's value type; the result must fit it. */
  expected?: FieldValueType;
  'aria-describedby'?: string;
}

// The textarea and the highlight layer behind it must lay text out identically.
const TEXT_BOX: CSSProperties = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 13,
  lineHeight: '20px',
  padding: '6px 11px',
  borderWidth: 1,
  borderStyle: 'solid',
  boxSizing: 'border-box',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'break-word',
  width: '100%',
  margin: 0,
  letterSpacing: 'normal',
};

/**
 * A code-like formula box: '{' offers the form's fields, letters offer the functions (arrow keys,
 * Enter or Tab, Escape), every change is checked, each problem is listed in the reader's language
 * with its position and underlined in the text, and a correct formula shows its result type.
 */
export function FormulaInput(props: FormulaInputProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const { token } = theme.useToken();
  const ownId = useId();
  const inputId = props.id ?? `${ownId}-formula`;
  const listId = `${ownId}-suggestions`;
  const statusId = `${ownId}-status`;
  const area = useRef<HTMLTextAreaElement | null>(null);
  const mirror = useRef<HTMLDivElement | null>(null);
  const pendingCaret = useRef<number | null>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const { value, fields, expected } = props;

  const check = useMemo(
    () => (value.trim() === '' ? null : checkFormula(value, fields, { expected })),
    [value, fields, expected],
  );
  const diagnostics = check?.diagnostics ?? [];
  const typing = caret === null ? null : typingAt(value, caret);
  const suggestions = open && typing ? suggestionsFor(typing, fields, FORMULA_FUNCTIONS) : [];
  const activeIndex = Math.min(active, Math.max(0, suggestions.length - 1));

  // After an insertion the caret goes behind what was inserted, once the new value is on screen.
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !area.current) return;
    pendingCaret.current = null;
    area.current.focus();
    area.current.setSelectionRange(at, at);
    setCaret(at);
  }, [value]);

  const replace = (next: { value: string; caret: number }) => {
    pendingCaret.current = next.caret;
    setOpen(false);
    props.onChange(next.value);
  };
  const accept = (suggestion: Suggestion) => {
    if (!typing || caret === null) return;
    replace(applySuggestion(value, caret, typing, suggestion));
  };
  const readCaret = () => setCaret(area.current?.selectionStart ?? null);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggestions.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      const chosen = suggestions[activeIndex];
      if (chosen) accept(chosen);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  const describedBy = [statusId, props['aria-describedby']].filter(Boolean).join(' ');
  const optionId = (index: number) => `${listId}-${index}`;
  const pieces = highlightPieces(value, diagnostics);

  return (
    <div>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 4 }}>
        <FunctionReference
          onInsert={(name) => {
            const element = area.current;
            const start = element?.selectionStart ?? value.length;
            const end = element?.selectionEnd ?? value.length;
            replace(insertFunction(value, start, end, name));
          }}
        />
      </div>
      <div
        style={{ position: 'relative', background: token.colorBgContainer, borderRadius: token.borderRadius }}
      >
        <div
          ref={mirror}
          aria-hidden
          data-testid="formula-highlight"
          style={{
            ...TEXT_BOX,
            position: 'absolute',
            inset: 0,
            overflow: 'hidden',
            color: 'transparent',
            borderColor: 'transparent',
            pointerEvents: 'none',
          }}
        >
          {pieces.map((piece, index) =>
            piece.marked ? (
              <mark
                key={index}
                data-formula-error=""
                style={{
                  color: 'transparent',
                  background: token.colorErrorBg,
                  textDecoration: `wavy underline ${token.colorError}`,
                  textUnderlineOffset: 3,
                }}
              >
                {piece.text}
              </mark>
            ) : (
              <span key={index}>{piece.text}</span>
            ),
          )}
        </div>
        <textarea
          ref={area}
          id={inputId}
          value={value}
          rows={3}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          aria-autocomplete="list"
          aria-controls={suggestions.length > 0 ? listId : undefined}
          aria-activedescendant={suggestions.length > 0 ? optionId(activeIndex) : undefined}
          aria-invalid={diagnostics.length > 0 || undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            props.onChange(event.target.value);
            setCaret(event.target.selectionStart);
            setOpen(true);
            setActive(0);
          }}
          onSelect={readCaret}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onScroll={(event) => {
            if (mirror.current) mirror.current.scrollTop = event.currentTarget.scrollTop;
          }}
          style={{
            ...TEXT_BOX,
            position: 'relative',
            display: 'block',
            background: 'transparent',
            color: token.colorText,
            borderColor: diagnostics.length > 0 ? token.colorError : token.colorBorder,
            borderRadius: token.borderRadius,
            resize: 'vertical',
            minHeight: 72,
            outlineColor: token.colorPrimary,
          }}
        />
        {suggestions.length > 0 ? (
          <ul
            id={listId}
            role="listbox"
            aria-label={t(
              typing?.kind === 'field'
                ? 'formula.input.fieldSuggestions'
                : 'formula.input.functionSuggestions',
            )}
            style={{
              position: 'absolute',
              zIndex: 10,
              left: 0,
              right: 0,
              top: '100%',
              margin: '2px 0 0',
              padding: 4,
              listStyle: 'none',
              maxHeight: 220,
              overflowY: 'auto',
              background: token.colorBgElevated,
              boxShadow: token.boxShadowSecondary,
              borderRadius: token.borderRadius,
            }}
          >
            {suggestions.map((suggestion, index) => (
              <li
                key={`${suggestion.kind}:${suggestion.name}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                // mousedown, not click: the textarea keeps focus and the caret its place.
                onMouseDown={(event) => {
                  event.preventDefault();
                  accept(suggestion);
                }}
                onMouseEnter={() => setActive(index)}
                style={{
                  display: 'flex',
                  justifyContent: 'space-between',
                  gap: 12,
                  padding: '4px 8px',
                  cursor: 'pointer',
                  borderRadius: token.borderRadiusSM,
                  background: index === activeIndex ? token.controlItemBgActive : undefined,
                  fontFamily: TEXT_BOX.fontFamily,
                  fontSize: 13,
                }}
              >
                <span>{suggestion.kind === 'field' ? `{${suggestion.name}}` : suggestion.name}</span>
                <span style={{ opacity: 0.6 }}>
                  {suggestion.kind === 'field' ? translateValueType(t, suggestion.detail) : suggestion.detail}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div id={statusId} aria-live="polite" style={{ marginTop: 4, fontSize: 13 }}>
        {check === null ? (
          <span style={{ color: token.colorTextSecondary }}>{t('formula.input.empty')}</span>
        ) : diagnostics.length === 0 ? (
          <span style={{ color: token.colorSuccess }}>
            <CheckCircleOutlined aria-hidden />{' '}
            {t('formula.input.result', { type: translateValueType(t, check.type) })}
          </span>
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, color: token.colorError }}>
            {diagnostics.map((diagnostic, index) => (
              <li key={`${diagnostic.code}-${diagnostic.start}-${index}`} data-formula-code={diagnostic.code}>
                <CloseCircleOutlined aria-hidden />{' '}
                {t('formula.input.diagnostic', {
                  message: translateFormulaError(t, diagnostic),
                  position: diagnostic.start,
                })}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
