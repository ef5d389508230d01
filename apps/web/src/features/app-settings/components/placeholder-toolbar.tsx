import Button from 'antd/es/button';
import Select from 'antd/es/select';
import theme from 'antd/es/theme';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolbarPlaceholder } from '../lib/placeholders.ts';

/** Past this many app fields a searchable list replaces the buttons (a big form would be a wall of them). */
const MAX_FIELD_BUTTONS = 15;

/**
 * The placeholders of the app as buttons that insert {{name}} where the caret was in the subject or
 * body last focused. Buttons are reachable with Tab and pressed with Enter or Space.
 */
export function PlaceholderToolbar({
  placeholders,
  onInsert,
  disabled,
}: {
  placeholders: readonly ToolbarPlaceholder[];
  onInsert: (name: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('appSettings');
  const { token } = theme.useToken();
  const fields = placeholders.filter((p) => !p.system);
  const system = placeholders.filter((p) => p.system);

  // Keep the caret in the text box: a mouse press on a button would otherwise take the focus first.
  const keepFocus = (event: MouseEvent) => event.preventDefault();

  const button = (placeholder: ToolbarPlaceholder) => (
    <Button
      key={placeholder.name}
      size="small"
      disabled={disabled}
      onMouseDown={keepFocus}
      onClick={() => onInsert(placeholder.name)}
      aria-label={t('email.insert', { label: placeholder.label })}
      title={`{{${placeholder.name}}}`}
    >
      {placeholder.label}
    </Button>
  );

  const row = { display: 'flex', flexWrap: 'wrap' as const, gap: token.marginXS, alignItems: 'center' };

  return (
    <div
      role="toolbar"
      aria-label={t('email.toolbar')}
      style={{ display: 'grid', gap: token.marginXS, marginBottom: token.marginSM }}
    >
      <div style={row}>
        <span style={{ color: token.colorTextSecondary }}>{t('email.fields')}</span>
        {fields.length === 0 ? (
          <span style={{ color: token.colorTextTertiary }} data-testid="no-app-fields">
            {t('email.noFields')}
          </span>
        ) : fields.length <= MAX_FIELD_BUTTONS ? (
          fields.map(button)
        ) : (
          <Select
            showSearch
            size="small"
            value={null}
            disabled={disabled}
            style={{ minWidth: 240 }}
            placeholder={t('email.pickField')}
            aria-label={t('email.pickField')}
            optionFilterProp="label"
            options={fields.map((field) => ({ value: field.name, label: field.label }))}
            onChange={(name: string | null) => {
              if (name) onInsert(name);
            }}
          />
        )}
      </div>
      <div style={row}>
        <span style={{ color: token.colorTextSecondary }}>{t('email.systemFields')}</span>
        {system.map(button)}
      </div>
    </div>
  );
}
