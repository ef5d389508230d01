import CameraOutlined from '@ant-design/icons/es/icons/CameraOutlined';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_RENDERER_NAMESPACE } from '../messages.ts';
import { a11y, asText, type ControlProps } from './control-props.ts';
import { ReadOnlyValue } from './read-only-value.tsx';

const ScannerDialog = lazy(() => import('./barcode-scanner-dialog.tsx'));

type Drawn = 'drawn' | 'invalid' | 'pending';

/**
 * Draws a CODE128 barcode into an <svg>. The encoder loads with the first barcode shown; the text is
 * drawn by us under the bars (jsbarcode would measure it on a canvas, which not every browser gives).
 */
function useBarcode(value: string) {
  const svg = useRef<SVGSVGElement | null>(null);
  const [state, setState] = useState<{ value: string; drawn: Drawn }>({ value: '', drawn: 'pending' });
  useEffect(() => {
    if (!value) return;
    let cancelled = false;
    void import('jsbarcode').then(
      ({ default: JsBarcode }) => {
        const element = svg.current;
        if (cancelled || !element) return;
        let valid = true;
        JsBarcode(element, value, {
          format: 'CODE128',
          displayValue: false,
          height: 56,
          width: 2,
          margin: 0,
          background: 'transparent',
          lineColor: '#000',
          valid: (ok) => {
            valid = ok;
          },
        });
        setState({ value, drawn: valid ? 'drawn' : 'invalid' });
      },
      () => !cancelled && setState({ value, drawn: 'invalid' }),
    );
    return () => {
      cancelled = true;
    };
  }, [value]);
  return { svg, drawn: state.value === value ? state.drawn : 'pending' };
}

/** A barcode field: its value drawn as a CODE128 barcode with the code's text under it. */
export function BarcodeControl(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const value = asText(props.value);
  const { svg, drawn } = useBarcode(value);
  return (
    <figure
      id={props.id}
      aria-label={props.label}
      aria-describedby={props.describedBy}
      style={{
        margin: 0,
        padding: '8px 11px',
        border: '1px solid var(--ant-color-border, #d9d9d9)',
        borderRadius: 6,
        minHeight: 36,
        background: '#fff',
        color: '#000',
        textAlign: 'center',
      }}
    >
      {value ? (
        <svg
          ref={svg}
          role="img"
          aria-label={t('barcode.image', { value })}
          data-barcode={drawn}
          style={{ display: drawn === 'invalid' ? 'none' : 'block', maxWidth: '100%', margin: '0 auto' }}
        />
      ) : null}
      <figcaption
        style={{
          fontFamily: 'monospace',
          fontSize: 14,
          letterSpacing: 2,
          overflowWrap: 'anywhere',
          marginTop: value && drawn !== 'invalid' ? 4 : 0,
        }}
      >
        {value || <span style={{ opacity: 0.5, letterSpacing: 0 }}>{t('barcode.empty')}</span>}
      </figcaption>
      {drawn === 'invalid' ? (
        <div style={{ fontSize: 12, opacity: 0.7 }}>{t('barcode.cannotDraw')}</div>
      ) : null}
    </figure>
  );
}

/** The part of the Barcode Detection API we use (not in TypeScript's DOM library yet). */
export interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
export type BarcodeDetectorClass = new () => BarcodeDetectorLike;

export const barcodeDetector = (): BarcodeDetectorClass | undefined =>
  (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

/** The camera can read codes only with a camera and the browser's barcode detector (Chromium, Safari 17+). */
export const canScanWithCamera = (): boolean =>
  typeof navigator !== 'undefined' &&
  Boolean(navigator.mediaDevices?.getUserMedia) &&
  barcodeDetector() !== undefined;

/** Typed entry always (keyboards and hand-held scanners type the code); a camera where the browser reads codes. */
export function BarcodeScannerControl(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const [scanning, setScanning] = useState(false);
  if (props.readOnly) return <ReadOnlyValue control={props} text={asText(props.value)} mono />;
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Input
        {...a11y(props)}
        value={asText(props.value)}
        placeholder={props.field.placeholder || t('barcode.typePlaceholder')}
        status={props.invalid ? 'error' : undefined}
        style={{ fontFamily: 'monospace' }}
        onChange={(event) => props.onChange(event.target.value === '' ? null : event.target.value)}
      />
      {canScanWithCamera() ? (
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
