import type { UserProfile } from '@formloop/contracts';
import { isMfaBlockedKey, sanitizeTotpInput } from '@formloop/domain';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Popconfirm from 'antd/es/popconfirm';
import QRCode from 'antd/es/qr-code';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { domainRule } from '../../auth/index.ts';
import {
  useDisableAuthenticator,
  useEnableAuthenticator,
  useStartAuthenticator,
  type SharedKey,
} from '../api.ts';
import { failureText, showFieldErrors, useProfileMessage } from '../messages.ts';
import { TOTP_CODE_LENGTH, totpCodeMessage } from '../validation.ts';
import { ProfileSection } from './profile-section.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

/** The code field takes digits only, like the MFA page: '.', ',', '-', 'e' never reach it (spec §2). */
export function blockNonDigitKeys(event: KeyboardEvent<HTMLInputElement>): void {
  if (isMfaBlockedKey(event.key)) event.preventDefault();
}

/** 'abcd efgh ijkl …': groups of four are easier to type into an app by hand. */
export const groupKey = (key: string) => (key.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');

interface CodeValues {
  code: string;
}

function Enrolment({
  shared,
  onCancel,
  onEnabled,
}: {
  shared: SharedKey;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const { t } = useTranslation('profile');
  const translate = useProfileMessage();
  const toast = useToast();
  const [form] = Form.useForm<CodeValues>();
  const enable = useEnableAuthenticator();

  const submit = ({ code }: CodeValues) =>
    enable.mutate(code, {
      onSuccess: (response) => onEnabled(response.data.recoveryCodes),
      onError: (error) => {
        if (!showFieldErrors(form, error, translate, ['code']))
          toast.error(failureText(error, translate, t('twoFactor.failed')));
      },
    });

  return (
    <div data-testid="authenticator-enrolment">
      <p style={{ marginTop: 0 }}>{t('twoFactor.scan')}</p>
      <Space align="start" wrap size="large">
        <QRCode type="svg" value={shared.authenticatorUri} size={176} aria-label={t('twoFactor.qrLabel')} />
        <div>
          <div>{t('twoFactor.keyLabel')}</div>
          <code data-testid="authenticator-key" style={{ fontSize: 16, wordBreak: 'break-word' }}>
            {groupKey(shared.sharedKey)}
          </code>
        </div>
      </Space>
      <Form<CodeValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        style={{ marginTop: 16 }}
      >
        <Form.Item
          name="code"
          label={t('twoFactor.code')}
          getValueFromEvent={(event: { target: { value: string } }) => sanitizeTotpInput(event.target.value)}
          rules={[
            domainRule(totpCodeMessage, translate),
            {
              validator: async (_rule, value: unknown) => {
                if (typeof value === 'string' && /^\d+$/.test(value) && value.length !== TOTP_CODE_LENGTH)
                  throw new Error(t('twoFactor.codeLength'));
              },
            },
          ]}
        >
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={TOTP_CODE_LENGTH + 2}
            placeholder={t('twoFactor.codePlaceholder')}
            onKeyDown={blockNonDigitKeys}
            data-testid="authenticator-code"
            style={{ maxWidth: 200 }}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={enable.isPending}>
            {t('twoFactor.verify')}
          </Button>
          <Button onClick={onCancel}>{t('twoFactor.cancel')}</Button>
        </Space>
      </Form>
    </div>
  );
}

/** Turn the authenticator app on (QR code, key, first code, recovery codes) or off (spec §1, §7). */
export function TwoFactorSection({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('profile');
  const translate = useProfileMessage();
  const toast = useToast();
  const start = useStartAuthenticator();
  const disable = useDisableAuthenticator();
  const [shared, setShared] = useState<SharedKey | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: (data) => setShared(data.is2faEnabled ? null : data),
      onError: (error) => toast.error(failureText(error, translate, t('twoFactor.failed'))),
    });

  const turnOff = () =>
    disable.mutate(undefined, {
      onSuccess: (response) => toast.success(translate(response.message) || t('twoFactor.disabled')),
      onError: (error) => toast.error(failureText(error, translate, t('twoFactor.failed'))),
    });

  const status = (
    <Tag color={profile.is2faEnabled ? 'green' : 'default'} data-testid="two-factor-status">
      {profile.is2faEnabled ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}
    </Tag>
  );

  let body;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (profile.is2faEnabled) {
    body = (
      <>
        <p style={{ marginTop: 0 }}>{t('twoFactor.onDescription')}</p>
        <Popconfirm
          title={t('twoFactor.disableConfirm')}
          okText={t('twoFactor.disableOk')}
          cancelText={t('twoFactor.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={turnOff}
        >
          <Button danger loading={disable.isPending}>
            {t('twoFactor.disable')}
          </Button>
        </Popconfirm>
      </>
    );
  } else if (shared) {
    body = (
      <Enrolment
        shared={shared}
        onCancel={() => setShared(null)}
        onEnabled={(codes) => {
          setShared(null);
          setRecoveryCodes(codes);
        }}
      />
    );
  } else {
    body = (
      <>
        <p style={{ marginTop: 0 }}>{t('twoFactor.offDescription')}</p>
        <Button type="primary" onClick={begin} loading={start.isPending}>
          {t('twoFactor.enable')}
        </Button>
      </>
    );
  }

  return (
    <ProfileSection title={t('twoFactor.title')} extra={status} testId="profile-two-factor">
      {body}
    </ProfileSection>
  );
}
