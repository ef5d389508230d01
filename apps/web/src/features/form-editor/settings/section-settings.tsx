import { FIELD_MACHINE_NAME, type LayoutSection } from '@formloop/domain';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { useEditorDispatch } from '../state/editor-context.ts';
import { SettingField, SettingGroup, SettingSwitch } from './setting-field.tsx';

export const MAX_TABLE_ROWS = 10_000;

/** A section's display name, machine name, and whether it is a table (with its row limits). */
export function SectionSettings({
  section,
  otherNames,
}: {
  section: LayoutSection;
  otherNames: ReadonlySet<string>;
}) {
  const { t } = useTranslation('formEditor');
  const dispatch = useEditorDispatch();
  const update = (patch: Partial<LayoutSection>) =>
    dispatch({ type: 'updateSection', id: section.id, patch, at: Date.now() });
  const nameProblem = !FIELD_MACHINE_NAME.test(section.name)
    ? t('issues.invalidGroupName', { name: section.name })
    : [...otherNames].some((name) => name.toLowerCase() === section.name.toLowerCase())
      ? t('issues.duplicateGroupName', { name: section.name })
      : null;
  const rangeBroken =
    section.isTable && section.maximumRowCount > 0 && section.minimumRowCount > section.maximumRowCount;

  return (
    <div data-testid="section-settings" style={{ display: 'grid', gap: 12 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('settings.sectionTitle')}
      </Typography.Title>
      <SettingField id="setting-section-label" label={t('settings.sectionDisplayName')}>
        <Input
          id="setting-section-label"
          value={section.displayName}
          onChange={(event) => update({ displayName: event.target.value })}
        />
      </SettingField>
      <SettingField
        id="setting-section-name"
        label={t('settings.name')}
        help={t('settings.sectionNameHelp')}
        error={nameProblem}
      >
        <Input
          id="setting-section-name"
          spellCheck={false}
          status={nameProblem ? 'error' : undefined}
          value={section.name}
          onChange={(event) => update({ name: event.target.value })}
        />
      </SettingField>
      <SettingGroup title={t('settings.groups.table')} testId="settings-table">
        <SettingSwitch
          id="setting-section-table"
          label={t('settings.isTable')}
          checked={section.isTable}
          onChange={(isTable) => dispatch({ type: 'setTable', id: section.id, isTable })}
        />
        {section.isTable ? (
          <>
            <SettingField id="setting-section-min" label={t('settings.minimumRowCount')}>
              <InputNumber
                id="setting-section-min"
                min={0}
                max={MAX_TABLE_ROWS}
                precision={0}
                value={section.minimumRowCount}
                onChange={(value) =>
                  typeof value === 'number' ? update({ minimumRowCount: value }) : undefined
                }
              />
            </SettingField>
            <SettingField
              id="setting-section-max"
              label={t('settings.maximumRowCount')}
              help={t('settings.maximumRowCountHelp')}
              error={
                rangeBroken
                  ? t('issues.rowCountRange', { min: section.minimumRowCount, max: section.maximumRowCount })
                  : null
              }
            >
              <InputNumber
                id="setting-section-max"
                min={0}
                max={MAX_TABLE_ROWS}
                precision={0}
                status={rangeBroken ? 'error' : undefined}
                value={section.maximumRowCount}
                onChange={(value) =>
                  typeof value === 'number' ? update({ maximumRowCount: value }) : undefined
                }
              />
            </SettingField>
          </>
        ) : null}
      </SettingGroup>
    </div>
  );
}
