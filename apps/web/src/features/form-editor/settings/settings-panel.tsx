import {
  FIELD_CATALOGUE,
  fieldValueType,
  isEmptyCell,
  type FieldSetting,
  type FieldValueType,
  type FormField,
  type FormLayout,
} from '@formloop/domain';
import Empty from 'antd/es/empty';
import InputNumber from 'antd/es/input-number';
import Typography from 'antd/es/typography';
import { memo, useCallback, useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldIcon } from '../palette/field-icon.tsx';
import { useEditorDispatch } from '../state/editor-context.ts';
import type { Selection } from '../state/editor-types.ts';
import { allFields, findCell } from '../state/layout-ops.ts';
import { ButtonSettings } from './button-settings.tsx';
import { CommonSettings } from './common-settings.tsx';
import { DateSettings } from './date-settings.tsx';
import { ExternalSettings } from './external-settings.tsx';
import { FilesSettings } from './files-settings.tsx';
import { FormulaSettings } from './formula-settings.tsx';
import { ListSettings } from './list-settings.tsx';
import { LookupSettings } from './lookup-settings.tsx';
import { NumberSettings } from './number-settings.tsx';
import { RatingSettings } from './rating-settings.tsx';
import { SectionSettings } from './section-settings.tsx';
import { SequenceSettings } from './sequence-settings.tsx';
import { SettingField, type SettingsGroupProps } from './setting-field.tsx';
import { SliderSettings } from './slider-settings.tsx';
import { UserSettings } from './user-settings.tsx';

/**
 * The settings groups of each catalogue setting, in the order they show. 'placeholder', 'regex' and
 * 'defaultValue' are part of the common block; 'today' and 'now' share one group.
 */
// Memoised: typing in one box re-renders only the groups whose inputs changed identity.
const GROUPS: ReadonlyArray<[FieldSetting[], ComponentType<SettingsGroupProps>]> = [
  [['formula'], memo(FormulaSettings)],
  [['number'], memo(NumberSettings)],
  [['today', 'now'], memo(DateSettings)],
  [['listToUse'], memo(ListSettings)],
  [['lookup'], memo(LookupSettings)],
  [['external'], memo(ExternalSettings)],
  [['button'], memo(ButtonSettings)],
  [['slider'], memo(SliderSettings)],
  [['rating'], memo(RatingSettings)],
  [['user'], memo(UserSettings)],
  [['sequence'], memo(SequenceSettings)],
  [['files'], memo(FilesSettings)],
];

/** The right-hand panel: the settings of the selected field, empty column or section. */
export function SettingsPanel({ layout, selection }: { layout: FormLayout; selection: Selection }) {
  const { t } = useTranslation('formEditor');
  const dispatch = useEditorDispatch();
  const at = selection?.kind === 'field' ? findCell(layout, selection.id) : null;
  const section =
    selection?.kind === 'section'
      ? layout.sections.find((candidate) => candidate.id === selection.id)
      : undefined;

  if (section) {
    const otherNames = new Set(
      layout.sections.filter((other) => other.id !== section.id).map((other) => other.name),
    );
    return <SectionSettings key={section.id} section={section} otherNames={otherNames} />;
  }
  if (at && isEmptyCell(at.cell)) {
    const cell = at.cell;
    return (
      <div style={{ display: 'grid', gap: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('canvas.emptyColumn')}
        </Typography.Title>
        <SettingField id="setting-width" label={t('settings.columnWidth')}>
          <InputNumber
            id="setting-width"
            min={1}
            max={12}
            precision={0}
            value={cell.columnWidth}
            onChange={(value) =>
              typeof value === 'number'
                ? dispatch({ type: 'resizeCell', id: cell.id, width: value })
                : undefined
            }
          />
        </SettingField>
      </div>
    );
  }
  if (at) return <FieldSettings key={at.cell.id} field={at.cell as FormField} layout={layout} />;
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('settings.nothingSelected')} />;
}

const MemoCommonSettings = memo(CommonSettings);

function FieldSettings({ field, layout }: { field: FormField; layout: FormLayout }) {
  const { t } = useTranslation('formEditor');
  const dispatch = useEditorDispatch();
  const { otherFields, formulaFields } = useFormContext(layout, field.id);
  const settings = FIELD_CATALOGUE[field.fieldType].settings;
  const update = useCallback<SettingsGroupProps['update']>(
    (patch) => dispatch({ type: 'updateField', id: field.id, patch, at: Date.now() }),
    [dispatch, field.id],
  );
  const onResize = useCallback(
    (width: number) => dispatch({ type: 'resizeCell', id: field.id, width }),
    [dispatch, field.id],
  );
  const props: SettingsGroupProps = { field, otherFields, formulaFields, update };
  return (
    <div data-testid="settings-field" style={{ display: 'grid', gap: 12 }}>
      <Typography.Title level={5} style={{ margin: 0, display: 'flex', gap: 8, alignItems: 'center' }}>
        <FieldIcon type={field.fieldType} />
        {t('settings.title', { type: t(`types.${field.fieldType}`) })}
      </Typography.Title>
      <MemoCommonSettings {...props} onResize={onResize} />
      {GROUPS.filter(([keys]) => keys.some((key) => settings.includes(key))).map(([keys, Group]) => (
        <Group key={keys.join()} {...props} />
      ))}
    </div>
  );
}

/**
 * The rest of the form as this field's settings see it: the other fields to pick from, and what a
 * formula here may reference — plain names, a table's columns as {table.column} lists, and the
 * sibling columns of the field's own table by their plain names.
 */
function useFormContext(layout: FormLayout, id: string) {
  const computed = useMemo(() => {
    const entries = allFields(layout);
    const own = entries.find(({ field }) => field.id === id)?.section;
    const others = entries.filter(({ field }) => field.id !== id);
    const formulaFields: Record<string, FieldValueType> = {};
    for (const { field, section } of others) {
      if (!section.isTable) formulaFields[field.name] = fieldValueType(field.fieldType);
      else {
        formulaFields[`${section.name}.${field.name}`] = 'list';
        if (section.id === own?.id) formulaFields[field.name] = fieldValueType(field.fieldType);
      }
    }
    const otherFields = others.map(({ field }) => ({ name: field.name, label: field.fieldName }));
    return { otherFields, formulaFields, signature: JSON.stringify([otherFields, formulaFields]) };
  }, [layout, id]);
  // The same lists (by content) while the other fields keep their names, labels and types: typing
  // in this field then leaves the memoised groups alone.
  return useMemo(() => computed, [computed.signature]);
}
