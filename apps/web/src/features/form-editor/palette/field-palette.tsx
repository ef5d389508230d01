import { FIELD_CATALOGUE, FIELD_CATEGORIES, FIELD_TYPES, type FieldType } from '@formloop/domain';
import Input from 'antd/es/input';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endDrag, startDrag } from './drag-data.ts';
import { FieldIcon } from './field-icon.tsx';

/**
 * Every field type, grouped by catalogue category. Drag an item onto the canvas, or press Enter
 * (or click) to add it to the selected section (or the last one).
 */
export const FieldPalette = memo(function FieldPalette({ onAdd }: { onAdd(type: FieldType): void }) {
  const { t } = useTranslation('formEditor');
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const groups = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return FIELD_CATEGORIES.map((category) => ({
      category,
      types: FIELD_TYPES.filter(
        (type) =>
          FIELD_CATALOGUE[type].category === category &&
          (needle === '' || t(`types.${type}`).toLowerCase().includes(needle) || type.includes(needle)),
      ),
    })).filter((group) => group.types.length > 0);
  }, [search, t]);

  return (
    <nav
      aria-label={t('palette.title')}
      data-testid="palette"
      style={{ display: 'grid', gap: token.marginSM }}
    >
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('palette.title')}
      </Typography.Title>
      <Input.Search
        allowClear
        size="small"
        placeholder={t('palette.search')}
        aria-label={t('palette.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {t('palette.hint')}
      </Typography.Text>
      {groups.map(({ category, types }) => (
        <section key={category} aria-labelledby={`palette-${category}`}>
          <Typography.Text
            id={`palette-${category}`}
            strong
            style={{ display: 'block', fontSize: token.fontSizeSM, marginBottom: token.marginXXS }}
          >
            {t(`categories.${category}`)}
          </Typography.Text>
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: token.marginXXS }}>
            {types.map((type) => (
              <PaletteItem key={type} type={type} label={t(`types.${type}`)} onAdd={onAdd} />
            ))}
          </div>
        </section>
      ))}
    </nav>
  );
});

function PaletteItem({
  type,
  label,
  onAdd,
}: {
  type: FieldType;
  label: string;
  onAdd(type: FieldType): void;
}) {
  const { token } = theme.useToken();
  return (
    // A div, not a <button>: some browsers never start a drag from a button.
    <div
      role="button"
      tabIndex={0}
      draggable
      data-testid={`palette-${type}`}
      aria-label={label}
      title={label}
      onClick={() => onAdd(type)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        onAdd(type);
      }}
      onDragStart={(event) => startDrag(event, { kind: 'new', fieldType: type })}
      onDragEnd={endDrag}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: token.marginXXS,
        padding: `${token.paddingXXS}px ${token.paddingXS}px`,
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadiusSM,
        background: token.colorBgContainer,
        color: token.colorText,
        cursor: 'grab',
        fontSize: token.fontSizeSM,
        minWidth: 0,
        userSelect: 'none',
      }}
    >
      <FieldIcon type={type} />
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{label}</span>
    </div>
  );
}
