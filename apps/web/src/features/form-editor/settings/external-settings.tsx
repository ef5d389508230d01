import { HTTP_REQUEST_TYPES, RESPONSE_FORMATS, type ExternalSettings as External } from '@formloop/domain';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { KeyValueRows } from './key-value-rows.tsx';
import { SettingField, SettingGroup, SettingSwitch, type SettingsGroupProps } from './setting-field.tsx';

/** Value kinds an external answer can be read as, and whether it yields one value or a list. */
export const EXTERNAL_DATA_TYPES = ['string', 'number', 'boolean', 'date', 'object', 'array'] as const;
export const EXTERNAL_RESULT_TYPES = ['single', 'multiple'] as const;

const EMPTY_EXTERNAL: External = {
  url: '',
  requestType: 'GET',
  headers: [],
  body: '',
  params: [],
  responseFormat: 'json',
  responsePath: '',
  dataType: 'string',
  resultType: 'single',
  addGovHeaders: false,
};

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** Spec §3 external lookup and button settings: the request to send and how to read its answer. */
export function ExternalSettings({ field, update }: SettingsGroupProps) {
  const { t } = useTranslation('formEditor');
  const external = { ...EMPTY_EXTERNAL, ...field.external };
  const set = (patch: Partial<External>) => update({ external: { ...external, ...patch } });
  const urlBroken = external.url.trim() !== '' && !isHttpUrl(external.url.trim());
  const option = (group: string) => (value: string) => ({
    value,
    label: t(`settings.external.${group}.${value}`),
  });

  return (
    <SettingGroup title={t('settings.groups.external')} testId="settings-external">
      <SettingField
        id="setting-external-url"
        label={t('settings.external.url')}
        error={urlBroken ? t('issues.externalUrl') : null}
      >
        <Input
          id="setting-external-url"
          type="url"
          placeholder="https://"
          value={external.url}
          status={urlBroken ? 'error' : undefined}
          onChange={(event) => set({ url: event.target.value })}
        />
      </SettingField>
      <SettingField id="setting-external-method" label={t('settings.external.requestType')}>
        <Select
          id="setting-external-method"
          value={external.requestType}
          onChange={(requestType: External['requestType']) => set({ requestType })}
          options={HTTP_REQUEST_TYPES.map((method) => ({ value: method, label: method }))}
        />
      </SettingField>
      <KeyValueRows
        id="setting-external-headers"
        title={t('settings.external.headers')}
        rows={external.headers}
        onChange={(headers) => set({ headers })}
      />
      <KeyValueRows
        id="setting-external-params"
        title={t('settings.external.params')}
        rows={external.params}
        onChange={(params) => set({ params })}
      />
      {external.requestType === 'GET' ? null : (
        <SettingField
          id="setting-external-body"
          label={t('settings.external.body')}
          help={t('settings.external.bodyHelp')}
        >
          <Input.TextArea
            id="setting-external-body"
            autoSize={{ minRows: 3, maxRows: 10 }}
            spellCheck={false}
            style={{ fontFamily: 'monospace' }}
            value={external.body}
            onChange={(event) => set({ body: event.target.value })}
          />
        </SettingField>
      )}
      <SettingField id="setting-external-format" label={t('settings.external.responseFormat')}>
        <Select
          id="setting-external-format"
          value={external.responseFormat}
          onChange={(responseFormat: External['responseFormat']) => set({ responseFormat })}
          options={RESPONSE_FORMATS.map((format) => ({
            value: format,
            // JSON and XML are the formats' own names in every language.
            label: format === 'text' ? t('settings.external.plainText') : format.toUpperCase(),
          }))}
        />
      </SettingField>
      <SettingField
        id="setting-external-path"
        label={t('settings.external.responsePath')}
        help={t('settings.external.responsePathHelp')}
      >
        <Input
          id="setting-external-path"
          spellCheck={false}
          value={external.responsePath}
          onChange={(event) => set({ responsePath: event.target.value })}
        />
      </SettingField>
      <SettingField id="setting-external-data-type" label={t('settings.external.dataType')}>
        <Select
          id="setting-external-data-type"
          value={external.dataType}
          onChange={(dataType: string) => set({ dataType })}
          options={EXTERNAL_DATA_TYPES.map(option('dataTypes'))}
        />
      </SettingField>
      <SettingField id="setting-external-result-type" label={t('settings.external.resultType')}>
        <Select
          id="setting-external-result-type"
          value={external.resultType}
          onChange={(resultType: string) => set({ resultType })}
          options={EXTERNAL_RESULT_TYPES.map(option('resultTypes'))}
        />
      </SettingField>
      <SettingSwitch
        id="setting-external-gov"
        label={t('settings.external.addGovHeaders')}
        checked={external.addGovHeaders}
        onChange={(addGovHeaders) => set({ addGovHeaders })}
      />
    </SettingGroup>
  );
}
