import type { FormChange } from '@formloop/domain';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import {
  changeLabel,
  changeProperty,
  changeValues,
  changeWhere,
  KIND_COLOURS,
  KIND_ORDER,
  type ChangeContext,
} from './format-change.ts';

interface Props {
  changes: FormChange[];
  context: ChangeContext;
}

function ChangeItem({ change, context }: { change: FormChange; context: ChangeContext }) {
  const { t } = useTranslation('formReview');
  const { token } = theme.useToken();
  const where = changeWhere(t, change, context);
  const property = changeProperty(change);
  const { before, after } = changeValues(t, change, context);
  const value = (text: string, tone: 'before' | 'after') => (
    <span
      style={{
        background: tone === 'before' ? token.colorErrorBg : token.colorSuccessBg,
        borderRadius: token.borderRadiusSM,
        padding: `0 ${token.paddingXXS}px`,
        textDecoration: tone === 'before' && change.kind !== 'removed' ? 'line-through' : undefined,
        wordBreak: 'break-word',
      }}
    >
      {text}
    </span>
  );
  return (
    <li
      data-testid="change-item"
      data-kind={change.kind}
      style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: token.marginXS }}
    >
      <Tag color={KIND_COLOURS[change.kind]} style={{ marginInlineEnd: 0 }}>
        {t(`versions.scopes.${change.scope}`)}
      </Tag>
      <strong>{changeLabel(t, change)}</strong>
      {where ? <Typography.Text type="secondary">{where}</Typography.Text> : null}
      {property ? <Typography.Text code>{property}</Typography.Text> : null}
      {before !== undefined || after !== undefined ? (
        <span
          style={{ display: 'inline-flex', flexWrap: 'wrap', gap: token.marginXXS, alignItems: 'baseline' }}
        >
          {before !== undefined ? value(before, 'before') : null}
          {before !== undefined && after !== undefined ? (
            <span aria-label={t('versions.becomes')}>→</span>
          ) : null}
          {after !== undefined ? value(after, 'after') : null}
        </span>
      ) : null}
    </li>
  );
}

/** The changes grouped by kind (added, changed, moved, removed), each in form order. */
export function ChangeList({ changes, context }: Props) {
  const { t } = useTranslation('formReview');
  const { token } = theme.useToken();
  if (changes.length === 0)
    return (
      <div data-testid="versions-diff">
        <Typography.Text type="secondary" data-testid="versions-no-changes">
          {t('versions.noChanges')}
        </Typography.Text>
      </div>
    );
  return (
    <div
      data-testid="versions-diff"
      style={{ display: 'flex', flexDirection: 'column', gap: token.marginMD }}
    >
      {KIND_ORDER.map((kind) => {
        const ofKind = changes.filter((change) => change.kind === kind);
        if (ofKind.length === 0) return null;
        const headingId = `versions-kind-${kind}`;
        return (
          <section key={kind} aria-labelledby={headingId} data-testid={`versions-${kind}`}>
            <h4 id={headingId} style={{ margin: `0 0 ${token.marginXS}px`, fontSize: token.fontSize }}>
              <Tag color={KIND_COLOURS[kind]}>{t(`versions.kinds.${kind}`)}</Tag>
              <Typography.Text type="secondary">{ofKind.length}</Typography.Text>
            </h4>
            <ul
              style={{
                listStyle: 'none',
                margin: 0,
                padding: 0,
                display: 'flex',
                flexDirection: 'column',
                gap: token.marginXXS,
              }}
            >
              {ofKind.map((change, index) => (
                <ChangeItem
                  key={`${change.scope}:${change.id}:${change.property ?? ''}:${index}`}
                  change={change}
                  context={context}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
