import CameraOutlined from '@ant-design/icons/es/icons/CameraOutlined';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_RENDERER_NAMESPACE } from '../messages.ts';
import { a11y, asText, type ControlProps } from './control-props.ts';

const ScannerDialog = lazy(() => import('./barcode-scanner-dialog.tsx'));

/** A barcode field shows its value as the code's text, in a fixed-width box that keeps every character. */
export function BarcodeControl(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const value = asText(props.value);
  return (
    <output
      id={props.id}
      aria-label={props.label}
      aria-describedby={props.describedBy}
      style={{
        display: 'block',
        fontFamily: 'monospace',
        fontSize: 16,
        letterSpacing: 2,
        padding: '6px 11px',
        border: '1px solid var(--ant-color-border, #d9d9d9)',
        borderRadius: 6,
        minHeight: 36,
        overflowWrap: 'anywhere',
      }}
    >
      {value || <span style={{ opacity: 0.5, letterSpacing: 0 }}>{t('barcode.empty')}</span>}
    </output>
  );
}

const hasCamera = () => typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

/** Typed entry always; a camera button only where the browser can reach a camera. */
export function BarcodeScannerControl(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const [scanning, setScanning] = useState(false);
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Input
        {...a11y(props)}
        value={asText(props.value)}
        readOnly={props.readOnly}
        placeholder={props.field.placeholder || t('barcode.typePlaceholder')}
        status={props.invalid ? 'error' : undefined}
        style={{ fontFamily: 'monospace' }}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {hasCamera() && !props.readOnly ? (
        <Button
          icon={<CameraOutlined aria-hidden />}
          aria-label={t('barcode.scan', { label: props.label })}
          onClick={() => setScanning(true)}
        />
      ) : null}
      {scanning ? (
        <Suspense fallback={null}>
          <ScannerDialog
            onClose={() => setScanning(false)}
            onScanned={(code) => {
              setScanning(false);
              props.onChange(code);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
