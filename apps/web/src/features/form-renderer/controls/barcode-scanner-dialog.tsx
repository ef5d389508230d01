import Alert from 'antd/es/alert';
import Modal from 'antd/es/modal';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_RENDERER_NAMESPACE } from '../messages.ts';
import { barcodeDetector } from './barcode-controls.tsx';

const SCAN_INTERVAL_MS = 250;

/**
 * Camera preview that reads the first barcode it sees (Barcode Detection API + getUserMedia). Without
 * them, or when the camera is refused, it says to type the code; the field's text box always works.
 */
export default function BarcodeScannerDialog(props: {
  onClose: () => void;
  onScanned: (code: string) => void;
}) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const video = useRef<HTMLVideoElement | null>(null);
  const [problem, setProblem] = useState<string | null>(() => {
    const available = barcodeDetector() !== undefined && Boolean(navigator.mediaDevices?.getUserMedia);
    return available ? null : t('barcode.unsupported');
  });
  const unsupported = problem !== null;
  const { onScanned } = props;

  useEffect(() => {
    const Detector = barcodeDetector();
    if (unsupported || !Detector) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const detector = new Detector();
    const scan = (element: HTMLVideoElement) => {
      if (stopped) return;
      detector
        .detect(element)
        .then((codes) => {
          const code = codes.find((found) => found.rawValue)?.rawValue;
          if (code && !stopped) {
            stopped = true;
            onScanned(code);
          }
        })
        .catch(() => undefined)
        .finally(() => {
          if (!stopped) timer = setTimeout(() => scan(element), SCAN_INTERVAL_MS);
        });
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        if (stopped) return media.getTracks().forEach((track) => track.stop());
        stream = media;
        const element = video.current;
        if (!element) return;
        element.srcObject = media;
        await element.play();
        scan(element);
      })
      .catch(() => setProblem(t('barcode.cameraFailed')));
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onScanned, t, unsupported]);

  return (
    <Modal open title={t('barcode.scanTitle')} onCancel={props.onClose} footer={null} destroyOnHidden>
      {problem ? (
        <Alert type="warning" showIcon title={problem} />
      ) : (
        <>
          <video
            ref={video}
            muted
            playsInline
            style={{ width: '100%', borderRadius: 6, background: '#000' }}
            aria-label={t('barcode.camera')}
          />
          <p style={{ marginBottom: 0 }}>{t('barcode.aim')}</p>
        </>
      )}
    </Modal>
  );
}
