import ApiOutlined from '@ant-design/icons/es/icons/ApiOutlined';
import type { ButtonSettings } from '@formloop/domain';
import { useMutation } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRendererRuntime, type RendererRuntime } from '../runtime-context.ts';
import { useFieldScope } from '../runtime/field-scope.ts';
import {
  callRemote,
  FORM_EXTERNAL_NAMESPACE,
  remoteBody,
  useExternalErrorText,
} from '../runtime/lookups-api.ts';
import { ButtonResult, targetValue } from './button-result.tsx';
import type { ControlProps } from './control-props.ts';
import { ButtonPlaceholder } from './pending-controls.tsx';

const DEFAULT_BUTTON: ButtonSettings = {
  submitAllFields: false,
  showAsLink: false,
  renderType: 'text',
  renderTarget: '',
  showInModal: false,
};

/** button: in the preview a disabled placeholder; in a running app it calls its external address. */
export function ButtonControl(props: ControlProps) {
  const runtime = useRendererRuntime();
  if (!runtime) return <ButtonPlaceholder {...props} />;
  return <ExternalButton {...props} runtime={runtime} />;
}

/**
 * The call goes through RemoteUrl (the server holds the address, headers and body), with every value
 * of the form when submitAllFields is on and none otherwise. The answer shows in a modal
 * (showInModal), else goes into the renderTarget field, else shows below the button.
 */
function ExternalButton({ runtime, ...props }: ControlProps & { runtime: RendererRuntime }) {
  const { t } = useTranslation(FORM_EXTERNAL_NAMESPACE);
  const errorText = useExternalErrorText();
  const scope = useFieldScope(runtime, props.field.name);
  const settings = { ...DEFAULT_BUTTON, ...props.field.button };
  const [shown, setShown] = useState<{ data: unknown } | null>(null);
  const [modalOpen, setModalOpen] = useState(false);

  const call = useMutation({
    mutationFn: () =>
      callRemote(
        remoteBody(runtime, props.field, scope.cell(), settings.submitAllFields ? scope.values() : undefined),
      ),
    onSuccess: ({ data }) => {
      if (settings.showInModal) {
        setShown({ data });
        setModalOpen(true);
        return;
      }
      if (settings.renderTarget) {
        const current = scope.values()[settings.renderTarget];
        // In a table cell the target is a cell of the same row; elsewhere a field of the form.
        scope.write({
          [settings.renderTarget]: targetValue(data, settings.renderType, Array.isArray(current)),
        });
        setShown(null);
        return;
      }
      setShown({ data });
    },
  });

  const resultId = `${props.id}-result`;
  const errorId = `${props.id}-error`;
  const describedBy =
    [props.describedBy, call.isError ? errorId : null, shown && !settings.showInModal ? resultId : null]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div ref={scope.host}>
      <Button
        id={props.id}
        aria-describedby={describedBy}
        type={settings.showAsLink ? 'link' : 'default'}
        icon={settings.showAsLink ? undefined : <ApiOutlined aria-hidden />}
        loading={call.isPending}
        disabled={props.readOnly || call.isPending}
        style={settings.showAsLink ? { paddingInline: 0 } : undefined}
        onClick={() => call.mutate()}
      >
        {props.label}
      </Button>
      {call.isError ? (
        <div>
          <Typography.Text id={errorId} type="danger" role="alert" style={{ fontSize: 12 }}>
            {errorText(call.error, t('button.failed'))}
          </Typography.Text>
        </div>
      ) : null}
      {shown && !settings.showInModal ? (
        <div
          id={resultId}
          role="region"
          aria-label={t('button.result', { label: props.label })}
          style={{ marginTop: 8 }}
        >
          <ButtonResult data={shown.data} renderType={settings.renderType} label={props.label} />
        </div>
      ) : null}
      {settings.showInModal ? (
        <Modal
          open={modalOpen}
          title={props.label}
          onCancel={() => setModalOpen(false)}
          footer={
            <Button type="primary" onClick={() => setModalOpen(false)}>
              {t('button.close')}
            </Button>
          }
          width={720}
        >
          <ButtonResult data={shown?.data} renderType={settings.renderType} label={props.label} />
        </Modal>
      ) : null}
    </div>
  );
}
