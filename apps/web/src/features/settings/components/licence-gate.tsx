import { hasLicence } from '@formloop/domain';
import Tooltip from 'antd/es/tooltip';
import { useId, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenantInfo } from '../../shell/index.ts';

/**
 * Whether the tenant holds a feature licence key (tenant info `licences`, spec §6). While tenant
 * info is loading the answer is unknown; callers show the feature disabled until it arrives.
 */
export function useLicence(licence: string): { licensed: boolean; pending: boolean } {
  const info = useTenantInfo();
  return { licensed: hasLicence(info.data?.licences, licence), pending: info.isPending };
}

export interface DisabledItemProps {
  /** Why it is disabled: the tooltip on hover and keyboard focus, and the accessible description. */
  reason?: string;
  /** A block element (tiles, cards) rather than an inline one (buttons, links in text). */
  block?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * A disabled stand-in for a link or control: focusable, so keyboard users reach it and hear why
 * (aria-disabled plus a description), with what it wraps made inert so nothing inside reacts.
 */
export function DisabledItem({ reason, block = false, style, children }: DisabledItemProps) {
  const descriptionId = useId();
  const Wrapper = block ? 'div' : 'span';
  const item = (
    <Wrapper
      tabIndex={0}
      aria-disabled="true"
      aria-describedby={reason ? descriptionId : undefined}
      data-disabled-item=""
      style={{
        display: block ? 'block' : 'inline-block',
        cursor: 'not-allowed',
        opacity: 0.55,
        ...style,
      }}
    >
      <Wrapper inert style={{ display: block ? 'block' : 'inline', pointerEvents: 'none' }}>
        {children}
      </Wrapper>
      {reason ? (
        <span id={descriptionId} hidden>
          {reason}
        </span>
      ) : null}
    </Wrapper>
  );
  return reason ? (
    <Tooltip title={reason} trigger={['hover', 'focus']}>
      {item}
    </Tooltip>
  ) : (
    item
  );
}

export interface LicenceGateProps {
  /** The licence key, e.g. botLicenceKey('Companies House') → BOT_COMPANIES_HOUSE. */
  licence: string;
  /** The feature's name for the tooltip 'You need to add {name} Bot licence'. */
  name: string;
  /** What a licensed tenant gets. */
  children: ReactNode;
  /** What to show disabled instead of children (e.g. the same tile without its link); default children. */
  fallback?: ReactNode;
  block?: boolean;
}

/**
 * Renders `children` when the tenant holds the licence; otherwise a disabled version with the
 * tooltip 'You need to add {name} Bot licence' (spec §6), shown on hover and on keyboard focus.
 */
export function LicenceGate({ licence, name, children, fallback, block }: LicenceGateProps) {
  const { t } = useTranslation('settings');
  const { licensed, pending } = useLicence(licence);
  if (licensed) return <>{children}</>;
  // Until tenant info answers, the feature is shown disabled without claiming a licence is missing.
  const reason = pending ? undefined : t('licence.required', { name });
  return (
    <DisabledItem reason={reason} block={block}>
      {fallback ?? children}
    </DisabledItem>
  );
}
