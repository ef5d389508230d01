import Checkbox from 'antd/es/checkbox';
import Rate from 'antd/es/rate';
import Slider from 'antd/es/slider';
import Switch from 'antd/es/switch';
import { a11y, type ControlProps } from './control-props.ts';

// Switches, ticks, sliders and stars have no read-only state of their own: read-only shows them disabled.

export function SwitchControl(props: ControlProps) {
  return (
    <Switch
      {...a11y(props)}
      checked={props.value === true}
      disabled={props.readOnly}
      onChange={(checked) => props.onChange(checked)}
    />
  );
}

export function CheckboxControl(props: ControlProps) {
  return (
    <Checkbox
      {...a11y(props)}
      checked={props.value === true}
      disabled={props.readOnly}
      onChange={(event) => props.onChange(event.target.checked)}
    />
  );
}

/**
 * A slider offers only its grid (minValue + k × intervalSize). A stored value off the grid (set
 * before the interval changed, or imported) would be drawn snapped, so the exact value is written
 * beside the handle and the value check says what is wrong; nothing is changed until someone moves it.
 */
export function SliderControl(props: ControlProps) {
  const min = props.field.minValue ?? 0;
  const max = props.field.maxValue ?? 100;
  const step = props.field.intervalSize && props.field.intervalSize > 0 ? props.field.intervalSize : 1;
  const stored = typeof props.value === 'number' && Number.isFinite(props.value) ? props.value : null;
  return (
    <div
      id={props.id}
      aria-describedby={props.describedBy}
      style={{ display: 'flex', alignItems: 'center', gap: 12 }}
    >
      <Slider
        style={{ flex: 1 }}
        min={min}
        max={max}
        step={step}
        value={stored ?? min}
        disabled={props.readOnly}
        ariaLabelForHandle={props.label}
        onChange={(next: number) => props.onChange(next)}
      />
      <output style={{ minWidth: '3ch', textAlign: 'end' }}>{stored === null ? '' : String(stored)}</output>
    </div>
  );
}

export function RatingControl(props: ControlProps) {
  const count = props.field.maxRating && props.field.maxRating > 0 ? Math.min(props.field.maxRating, 10) : 5;
  return (
    <div id={props.id} role="group" aria-label={props.label} aria-describedby={props.describedBy}>
      <Rate
        count={count}
        value={typeof props.value === 'number' ? props.value : 0}
        disabled={props.readOnly}
        onChange={(next) => props.onChange(next === 0 ? null : next)}
      />
    </div>
  );
}
