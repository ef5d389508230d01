import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileHref } from '../../files/index.ts';
import { FORM_RENDERER_NAMESPACE } from '../messages.ts';
import { useRendererRuntime } from '../runtime-context.ts';
import { removeUnsavedFile, uploadBase64 } from '../runtime/files-api.ts';
import type { ControlProps } from './control-props.ts';
import { ReadOnlyValue } from './read-only-value.tsx';
import { storedFiles, type StoredFile } from './upload-control.tsx';

// A signature is a drawn PNG or, for people signing without a pointer, their typed name (a string).
// In a running app the drawing is uploaded (UploadBase64) shortly after the last stroke and the field
// stores the file; the form editor's preview keeps the drawing in the page as a data URL.
const WIDTH = 480;
const HEIGHT = 160;
/** Pause after the last stroke before the drawing is uploaded: a signature is several strokes. */
export const SIGNATURE_UPLOAD_DELAY_MS = 600;

const isDataUrl = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('data:image/');
const storedSignature = (value: unknown): StoredFile | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (storedFiles(value)[0] ?? null)
    : null;

type Point = { x: number; y: number };
type SaveState = 'saving' | 'failed' | null;

export function SignatureControl(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const runtime = useRendererRuntime();
  const href = useFileHref();
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const stroke = useRef<{ last: Point } | null>(null);
  // The value this pad produced itself; any other drawing (a saved record's) is painted onto the pad.
  const emitted = useRef<unknown>(undefined);
  // The pad holds ink (drawn or painted): clearing it needs the canvas, which an empty pad never touches.
  const inked = useRef(false);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; dataUrl: string } | null>(null);
  const uploadedHere = useRef(new Set<string>());
  const [saveState, setSaveState] = useState<SaveState>(null);
  const { onChange } = props;

  const stored = storedSignature(props.value);
  const image = isDataUrl(props.value) ? props.value : stored ? href(stored) : '';
  const typed = typeof props.value === 'string' && !isDataUrl(props.value) ? props.value : '';

  // A drawing the pad did not make (the saved record's) is painted onto it, so more strokes add to it.
  useEffect(() => {
    if (props.value === emitted.current) return;
    emitted.current = props.value;
    const element = canvas.current;
    if (!element || (!image && !inked.current)) return;
    const ctx = element.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, WIDTH, HEIGHT);
    inked.current = false;
    if (!image) return;
    const picture = new Image();
    picture.onload = () => {
      ctx.clearRect(0, 0, WIDTH, HEIGHT);
      ctx.drawImage(picture, 0, 0, WIDTH, HEIGHT);
      inked.current = true;
    };
    picture.src = image;
  }, [props.value, image]);

  const emit = (value: unknown) => {
    emitted.current = value;
    onChange(value);
  };
  const forgetUploaded = (file: StoredFile | null) => {
    if (!file?.fileKey || !uploadedHere.current.has(file.fileKey)) return;
    uploadedHere.current.delete(file.fileKey);
    void removeUnsavedFile(file.fileKey);
  };

  const upload = (dataUrl: string) => {
    if (!runtime) return;
    const before = storedSignature(emitted.current);
    setSaveState('saving');
    uploadBase64(`${props.field.name || 'signature'}.png`, dataUrl, {
      moduleId: runtime.moduleId,
      fieldName: props.field.name,
    }).then(
      (file) => {
        uploadedHere.current.add(file.fileKey);
        forgetUploaded(before);
        setSaveState(null);
        emit(file);
      },
      () => setSaveState('failed'),
    );
  };
  const latestUpload = useRef(upload);
  useEffect(() => {
    latestUpload.current = upload;
  });
  // Leaving the form (or the table row) before the pause is over still keeps the drawing.
  useEffect(
    () => () => {
      const waiting = pending.current;
      if (!waiting) return;
      clearTimeout(waiting.timer);
      pending.current = null;
      latestUpload.current(waiting.dataUrl);
    },
    [],
  );

  const pointAt = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    const scaleX = box.width ? WIDTH / box.width : 1;
    const scaleY = box.height ? HEIGHT / box.height : 1;
    return { x: (event.clientX - box.left) * scaleX, y: (event.clientY - box.top) * scaleY };
  };
  // The context is taken only when someone draws, so rendering never needs canvas support.
  const context = () => canvas.current?.getContext('2d') ?? null;

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (props.readOnly) return;
    const ctx = context();
    if (!ctx) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = pointAt(event);
    stroke.current = { last: point };
    inked.current = true;
    ctx.lineWidth = 2.2;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#1f1f1f';
    ctx.fillStyle = '#1f1f1f';
    // A tap leaves a dot (the i's and full stops of a signature).
    ctx.beginPath();
    ctx.arc(point.x, point.y, 1.1, 0, Math.PI * 2);
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(point.x, point.y);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const current = stroke.current;
    const ctx = current ? context() : null;
    if (!current || !ctx) return;
    // Every point the pointer reported since the last frame, joined by curves through midpoints.
    const native = event.nativeEvent as globalThis.PointerEvent;
    const events = native.getCoalescedEvents?.() ?? [];
    const box = event.currentTarget.getBoundingClientRect();
    const points =
      events.length > 0
        ? events.map((e) => ({
            x: (e.clientX - box.left) * (box.width ? WIDTH / box.width : 1),
            y: (e.clientY - box.top) * (box.height ? HEIGHT / box.height : 1),
          }))
        : [pointAt(event)];
    for (const point of points) {
      const mid = { x: (current.last.x + point.x) / 2, y: (current.last.y + point.y) / 2 };
      ctx.quadraticCurveTo(current.last.x, current.last.y, mid.x, mid.y);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(mid.x, mid.y);
      current.last = point;
    }
  };
  const end = () => {
    if (!stroke.current) return;
    const ctx = context();
    const { last } = stroke.current;
    ctx?.lineTo(last.x, last.y);
    ctx?.stroke();
    stroke.current = null;
    let drawn: string;
    try {
      drawn = canvas.current?.toDataURL('image/png') ?? '';
    } catch {
      // A tainted or unsupported canvas: the stroke stays on screen, the typed name remains the way to sign.
      return;
    }
    if (!drawn) return;
    if (!runtime) return emit(drawn);
    if (pending.current) clearTimeout(pending.current.timer);
    const timer = setTimeout(() => {
      pending.current = null;
      latestUpload.current(drawn);
    }, SIGNATURE_UPLOAD_DELAY_MS);
    pending.current = { timer, dataUrl: drawn };
  };
  const wipe = () => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    const element = canvas.current;
    if (inked.current) element?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
    inked.current = false;
    forgetUploaded(storedSignature(emitted.current));
    setSaveState(null);
  };
  const clear = () => {
    wipe();
    emit(null);
  };

  if (props.readOnly) {
    if (image) {
      return <img id={props.id} src={image} alt={props.label} style={{ maxWidth: '100%', height: 80 }} />;
    }
    return <ReadOnlyValue control={props} text={typed} />;
  }
  return (
    <div role="group" aria-label={props.label} aria-describedby={props.describedBy} id={props.id}>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={t('signature.pad', { label: props.label })}
        style={{
          width: '100%',
          maxWidth: WIDTH,
          height: 'auto',
          aspectRatio: `${WIDTH} / ${HEIGHT}`,
          border: '1px dashed var(--ant-color-border, #d9d9d9)',
          borderRadius: 6,
          touchAction: 'none',
          cursor: 'crosshair',
          display: 'block',
          background: '#fff',
        }}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        onPointerLeave={end}
      />
      <div aria-live="polite" style={{ fontSize: 12, margin: '4px 0', minHeight: 18 }}>
        {saveState === 'saving' ? <span style={{ opacity: 0.7 }}>{t('signature.saving')}</span> : null}
        {saveState === 'failed' ? (
          <span role="alert" style={{ color: 'var(--ant-color-error, #ff4d4f)' }}>
            {t('signature.saveFailed')}
          </span>
        ) : null}
        {saveState === null ? <span style={{ opacity: 0.7 }}>{t('signature.keyboardNote')}</span> : null}
      </div>
      <div style={{ display: 'flex', gap: 8 }}>
        <Input
          aria-label={t('signature.typedName', { label: props.label })}
          value={typed}
          placeholder={t('signature.typedPlaceholder')}
          status={props.invalid ? 'error' : undefined}
          style={{ fontStyle: 'italic' }}
          onChange={(event) => {
            // A typed name replaces a drawing.
            if (inked.current || stored) wipe();
            emit(event.target.value === '' ? null : event.target.value);
          }}
        />
        <Button onClick={clear}>{t('signature.clear')}</Button>
      </div>
    </div>
  );
}
