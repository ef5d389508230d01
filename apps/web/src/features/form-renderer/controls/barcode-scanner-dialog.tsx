import Alert from 'antd/es/alert';
import Modal from 'antd/es/modal';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_RENDERER_NAMESPACE } from '../messages.ts';

/** The part of the Barcode Detection API we use (not in TypeScript's DOM library yet). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type BarcodeDetectorClass = new () => BarcodeDetectorLike;

const SCAN_INTERVAL_MS = 300;

/** Camera preview that reads the first barcode it sees; without the detector API it says to type the code. */
export default function BarcodeScannerDialog(props: {
  onClose: () => void;
  onScanned: (code: string) => void;
}) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const video = useRef<HTMLVideoElement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { onScanned } = props;

  useEffect(() => {
    const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
    if (!Detector) {
      setProblem(t('barcode.unsupported'));
      return;
    }
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const detector = new Detector();
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        if (stopped) return media.getTracks().forEach((track) => track.stop());
        stream = media;
        const element = video.current;
        if (!element) return;
        element.srcObject = media;
        await element.play();
        timer = setInterval(() => {
          detector
            .detect(element)
            .then((codes) => {
              const code = codes[0]?.rawValue;
              if (code && !stopped) onScanned(code);
            })
            .catch(() => undefined);
        }, SCAN_INTERVAL_MS);
      })
      .catch(() => setProblem(t('barcode.cameraFailed')));
    return () => {
      stopped = true;
      if (timer) clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onScanned, t]);

  return (
    <Modal open title={t('barcode.scanTitle')} onCancel={props.onClose} footer={null} destroyOnHidden>
      {problem ? (
        <Alert type="warning" showIcon message={problem} />
      ) : (
        <video ref={video} muted playsInline style={{ width: '100%' }} aria-label={t('barcode.camera')} />
      )}
    </Modal>
  );
}
