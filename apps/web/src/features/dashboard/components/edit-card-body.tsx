// A card's body in edit mode: what it shows in words, and what is edited in place — a text card's
// text, a number card's target and comparison with the previous period.
import type { DashboardCard } from '@formloop/contracts';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';

export function EditCardBody({
  card,
  onChange,
}: {
  card: DashboardCard;
  onChange: (patch: Partial<DashboardCard>) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const kind = t(`cardTypes.${card.type}`);
  if (card.type === 'text')
    return (
      <Input.TextArea
        aria-label={t('edit.text')}
        value={card.text ?? ''}
        maxLength={4000}
        autoSize={{ minRows: 2, maxRows: 8 }}
        onChange={(event) => onChange({ text: event.target.value })}
      />
    );
  return (
    <div style={{ display: 'grid', gap: token.marginXS, color: token.colorTextSecondary }}>
      <span>{t('edit.cardKind', { kind })}</span>
      {card.type === 'number' ? (
        <>
          <label style={{ display: 'grid' }}>
            {t('edit.target')}
            <InputNumber
              aria-label={t('edit.target')}
              value={card.target ?? null}
              onChange={(value) => onChange({ target: typeof value === 'number' ? value : undefined })}
              style={{ width: '100%' }}
            />
          </label>
          <Checkbox checked={card.compare} onChange={(event) => onChange({ compare: event.target.checked })}>
            {t('edit.compare')}
          </Checkbox>
        </>
      ) : null}
    </div>
  );
}
