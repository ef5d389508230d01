import ApiOutlined from '@ant-design/icons/es/icons/ApiOutlined';
import { SEARCH_DEBOUNCE_MS } from '@formloop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { useRendererRuntime, type RendererRuntime } from '../runtime-context.ts';
import { answerText, filterOptions, optionsFromAnswer } from '../runtime/external-model.ts';
import { useFieldScope } from '../runtime/field-scope.ts';
import {
  callRemote,
  externalKeys,
  FORM_EXTERNAL_NAMESPACE,
  remoteBody,
  SEARCH_PLACEHOLDER,
  useExternalErrorText,
} from '../runtime/lookups-api.ts';
import { a11y, asText, type ControlProps } from './control-props.ts';
import { ExternalPlaceholder } from './pending-controls.tsx';
import { ReadOnlyValue } from './read-only-value.tsx';

type RuntimeProps = ControlProps & { runtime: RendererRuntime };

const asList = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(asText)
    : value === null || value === undefined || value === ''
      ? []
      : [asText(value)];

/** remote-lookup (one value as text) and multi-select-external (string[]): options from RemoteUrl. */
export function RemoteLookupControl(props: ControlProps) {
  const runtime = useRendererRuntime();
  if (!runtime) return <ExternalPlaceholder {...props} />;
  return <RemoteSelect {...props} runtime={runtime} />;
}

function RemoteSelect({ runtime, ...props }: RuntimeProps) {
  const { t } = useTranslation(FORM_EXTERNAL_NAMESPACE);
  const errorText = useExternalErrorText();
  const scope = useFieldScope(runtime, props.field.name);
  const many = props.field.fieldType === 'multi-select-external';
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim();
  // The form's values as the list opened: the server fills the request's {field} placeholders from them.
  const [values, setValues] = useState<Record<string, unknown>>({});
  const valuesKey = JSON.stringify(values);

  const query = useQuery({
    queryKey: externalKeys.remote(runtime.moduleId, props.field.name, settled, valuesKey),
    queryFn: async ({ signal }) => {
      const body = remoteBody(runtime, props.field, scope.cell(), {
        ...values,
        [SEARCH_PLACEHOLDER]: settled,
      });
      return optionsFromAnswer((await callRemote(body, signal)).data);
    },
    enabled: open,
    staleTime: 0,
    retry: false,
    meta: { errorToast: false },
  });

  const selected = asList(props.value);
  if (props.readOnly) return <ReadOnlyValue control={props} text={selected.join(', ')} />;

  // A service that ignores {_search} answers with everything: what the user typed narrows it here too.
  const options = filterOptions(query.data ?? [], settled);
  let notFound: ReactNode = t('external.empty');
  if (query.isError) notFound = <span role="alert">{errorText(query.error, t('external.failed'))}</span>;
  else if (query.isPending) notFound = t('external.loading');

  return (
    <div ref={scope.host}>
      <Select
        {...a11y(props)}
        mode={many ? 'multiple' : undefined}
        style={{ width: '100%' }}
        allowClear
        open={open}
        onOpenChange={(next) => {
          if (next) setValues(scope.values());
          else setSearch('');
          setOpen(next);
        }}
        showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch }}
        loading={query.isFetching}
        options={options}
        value={many ? selected : selected[0]}
        placeholder={props.field.placeholder || t(many ? 'external.placeholderMany' : 'external.placeholder')}
        status={props.invalid ? 'error' : undefined}
        notFoundContent={notFound}
        onChange={(next: string | string[] | undefined) =>
          props.onChange(many ? (Array.isArray(next) ? next : []) : (next ?? null))
        }
      />
    </div>
  );
}

/** input-external: a text box whose value the field's external call can fetch (button or Enter). */
export function InputExternalControl(props: ControlProps) {
  const runtime = useRendererRuntime();
  if (!runtime) return <ExternalPlaceholder {...props} />;
  return <InputExternal {...props} runtime={runtime} />;
}

function InputExternal({ runtime, ...props }: RuntimeProps) {
  const { t } = useTranslation(FORM_EXTERNAL_NAMESPACE);
  const errorText = useExternalErrorText();
  const scope = useFieldScope(runtime, props.field.name);
  const text = asText(props.value);
  const fetchValue = useMutation({
    mutationFn: () => callRemote(remoteBody(runtime, props.field, scope.cell(), scope.values())),
    onSuccess: (answer) => props.onChange(answerText(answer.data)),
  });
  if (props.readOnly) return <ReadOnlyValue control={props} text={text} />;
  const errorId = `${props.id}-fetch-error`;
  const describedBy = [props.describedBy, fetchValue.isError ? errorId : null].filter(Boolean).join(' ');

  return (
    <div ref={scope.host}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          {...a11y(props)}
          aria-describedby={describedBy || undefined}
          value={text}
          placeholder={props.field.placeholder}
          status={props.invalid || fetchValue.isError ? 'error' : undefined}
          // Read-only (not disabled) while fetching: the box keeps the focus for the next Enter.
          readOnly={fetchValue.isPending}
          onChange={(event) => props.onChange(event.target.value)}
          onPressEnter={(event) => {
            event.preventDefault();
            if (!fetchValue.isPending) fetchValue.mutate();
          }}
        />
        <Button
          icon={<ApiOutlined aria-hidden />}
          loading={fetchValue.isPending}
          aria-label={t('input.fetchLabel', { label: props.label })}
          onClick={() => fetchValue.mutate()}
        >
          {t('input.fetch')}
        </Button>
      </Space.Compact>
      {fetchValue.isError ? (
        <Typography.Text id={errorId} type="danger" role="alert" style={{ fontSize: 12 }}>
          {errorText(fetchValue.error, t('input.failed'))}
        </Typography.Text>
      ) : null}
    </div>
  );
}
