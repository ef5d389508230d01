import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import { useMlProviders, useMlServices } from '../api.ts';

/** The two Create App fields these selects fill (the form holds more). */
export interface MlFieldValues {
  ocrProviderId?: string;
  services?: string | string[];
}

/** The chosen service ids, whether the select was single or multiple. */
export function chosenServices(value: MlFieldValues['services']): string[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * OCR provider and ML service (spec §2): the service select appears once a provider is chosen;
 * choosing a provider clears the services and loads its own. Services are multi-select except for
 * a provider that takes a single service. A service whose licence the tenant lacks is disabled and
 * says why in a tooltip.
 */
export function MlServiceFields({
  open,
}: {
  /** Whether the dialog is open: the catalogue loads only then. */
  open: boolean;
}) {
  const { t } = useTranslation('applications');
  const form = Form.useFormInstance<MlFieldValues>();
  const providerQuery = useMlProviders(open);
  const providers = providerQuery.data ?? [];
  const providerId = Form.useWatch('ocrProviderId', form) as string | undefined;
  const provider = providers.find((candidate) => candidate.id === providerId);
  const services = useMlServices(provider);

  return (
    <>
      <Form.Item name="ocrProviderId" label={t('create.provider')}>
        <Select
          allowClear
          loading={providerQuery.isFetching}
          placeholder={t('create.providerPlaceholder')}
          notFoundContent={providerQuery.isError ? t('create.providersFailed') : undefined}
          options={providers.map((item) => ({ value: item.id, label: item.ocr_provider_name }))}
          // The old provider's services mean nothing for the new one.
          onChange={() => form.setFieldValue('services', undefined)}
        />
      </Form.Item>
      {provider ? (
        <Form.Item
          name="services"
          label={t('create.service')}
          extra={provider.single_service ? t('create.serviceSingleHint') : undefined}
        >
          <Select
            // A new select per provider: the single and multiple modes do not share a value.
            key={provider.id}
            mode={provider.single_service ? undefined : 'multiple'}
            allowClear
            loading={services.isPending}
            placeholder={t('create.servicePlaceholder')}
            notFoundContent={services.isError ? t('create.servicesFailed') : undefined}
            showSearch={{ optionFilterProp: 'label' }}
            options={(services.data ?? []).map((service) => ({
              value: service.id,
              label: service.ml_service_name,
              disabled: !service.licensed,
              title: service.licensed ? service.ml_service_name : t('create.licenceMissing'),
            }))}
            optionRender={(option) =>
              option.data.disabled ? (
                <Tooltip title={t('create.licenceMissing')} placement="right">
                  <span data-testid={`unlicensed-${String(option.value)}`}>
                    {option.label} <LockOutlined aria-hidden />
                  </span>
                </Tooltip>
              ) : (
                option.label
              )
            }
          />
        </Form.Item>
      ) : null}
    </>
  );
}
