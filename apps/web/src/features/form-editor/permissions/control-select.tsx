import { FIELD_CONTROL_LEVELS, type FieldControlLevel } from '@formloop/domain';
import Select from 'antd/es/select';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';

/** The option that removes the cell's own rule. Never a control level, so never saved. */
export const NO_RULE = 'default';
type Choice = FieldControlLevel | typeof NO_RULE;

interface Props {
  /** The cell's own rule, or null. */
  value: FieldControlLevel | null;
  /** What applies without the own rule, and where it comes from. */
  fallback: { level: FieldControlLevel; source: 'group' | 'default' };
  /** What applies now (effectiveControl): shown, greyed, while the cell has no rule. */
  effective: FieldControlLevel;
  ariaLabel: string;
  testId: string;
  disabled?: boolean;
  onChange(control: FieldControlLevel | null): void;
}

/**
 * One cell of the matrix: the four levels, then "no rule" (last, so picking a level by its text
 * never lands on the "no rule" entry that repeats it). Without a rule the cell shows the level that
 * applies, greyed, and says whether it is the section's or the default.
 */
export function ControlSelect({ value, fallback, effective, ariaLabel, testId, disabled, onChange }: Props) {
  const { t } = useTranslation('formReview');
  const { token } = theme.useToken();
  const level = t(`levels.${fallback.level}`);
  const options: { value: Choice; label: string }[] = [
    ...FIELD_CONTROL_LEVELS.map((control) => ({ value: control, label: t(`levels.${control}`) })),
    {
      value: NO_RULE,
      label: t(fallback.source === 'group' ? 'permissions.option.inherit' : 'permissions.option.default', {
        level,
      }),
    },
  ];
  return (
    <Select<Choice>
      size="small"
      value={value ?? NO_RULE}
      options={options}
      // A plain list: every option is a real role="option" element a person, a screen reader and
      // Playwright can pick by its text.
      virtual={false}
      popupMatchSelectWidth={false}
      disabled={disabled}
      aria-label={ariaLabel}
      data-testid={testId}
      style={{ width: '100%', minWidth: 128 }}
      labelRender={({ value: chosen, label }) =>
        chosen === NO_RULE ? (
          <span style={{ color: token.colorTextTertiary, fontStyle: 'italic' }}>
            {t(fallback.source === 'group' ? 'permissions.shown.inherit' : 'permissions.shown.default', {
              level: t(`levels.${effective}`),
            })}
          </span>
        ) : (
          label
        )
      }
      onChange={(next) => onChange(next === NO_RULE ? null : next)}
    />
  );
}
