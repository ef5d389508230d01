import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import { useEffect, useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_RENDERER_NAMESPACE } from '../messages.ts';
import type { ControlProps } from './control-props.ts';

// A signature is a drawn PNG (data URL) or, for people signing without a pointer, their typed name.
const WIDTH = 480;
const HEIGHT = 160;
const isDrawing = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('data:image/');

export function SignatureControl(props: ControlProps) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const drawing = useRef(false);
  // The drawing this pad produced itself; any other drawing (a saved record's) is painted onto the pad.
  const emitted = useRef<unknown>(null);
  const typed = typeof props.value === 'string' && !isDrawing(props.value) ? props.value : '';

  useEffect(() => {
    const value = props.value;
    if (!isDrawing(value) || value === emitted.current) return;
    const image = new Image();
    image.onload = () => {
      const ctx = canvas.current?.getContext('2d');
      if (!ctx) return;
      ctx.clearRect(0, 0, WIDTH, HEIGHT);
      ctx.drawImage(image, 0, 0, WIDTH, HEIGHT);
    };
    image.src = value;
    emitted.current = value;
  }, [props.value]);

  const pointAt = (event: PointerEvent<HTMLCanvasElement>) => {
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
    drawing.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const { x, y } = pointAt(event);
    ctx.lineWidth = 2;
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#1f1f1f';
    ctx.beginPath();
    ctx.moveTo(x, y);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = context();
    if (!ctx) return;
    const { x, y } = pointAt(event);
    ctx.lineTo(x, y);
    ctx.stroke();
  };
  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    try {
      const drawn = canvas.current?.toDataURL('image/png') ?? null;
      emitted.current = drawn;
      props.onChange(drawn);
    } catch {
      // A tainted or unsupported canvas: the stroke stays on screen, the typed name remains the way to sign.
    }
  };
  const clear = () => {
    const element = canvas.current;
    if (isDrawing(emitted.current)) element?.getContext('2d')?.clearRect(0, 0, element.width, element.height);
    emitted.current = null;
    props.onChange(null);
  };

  if (props.readOnly && isDrawing(props.value)) {
    return <img id={props.id} src={props.value} alt={props.label} style={{ maxWidth: '100%', height: 80 }} />;
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
          cursor: props.readOnly ? 'default' : 'crosshair',
          display: 'block',
        }}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerLeave={end}
      />
      <div style={{ fontSize: 12, opacity: 0.7, margin: '4px 0' }}>{t('signature.keyboardNote')}</div>
      <div style={{ display: 'flex', gap: 8 }}>
        <Input
          aria-label={t('signature.typedName', { label: props.label })}
          value={typed}
          readOnly={props.readOnly}
          placeholder={t('signature.typedPlaceholder')}
          style={{ fontStyle: 'italic' }}
          onChange={(event) => {
            // A typed name replaces a drawing; the pad is only touched when it holds one.
            if (isDrawing(emitted.current)) clear();
            props.onChange(event.target.value === '' ? null : event.target.value);
          }}
        />
        {props.readOnly ? null : <Button onClick={clear}>{t('signature.clear')}</Button>}
      </div>
    </div>
  );
}
