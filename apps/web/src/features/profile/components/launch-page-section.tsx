import type { UserProfile } from '@formloop/contracts';
import { LAUNCH_PAGE_TYPES, type LaunchPageType } from '@formloop/domain';
import Button from 'antd/es/button';
import Radio from 'antd/es/radio';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useUpdateUserProfile } from '../api.ts';
import { failureText, useProfileMessage } from '../messages.ts';
import { ProfileSection } from './profile-section.tsx';

/** i18n keys of the spec §9 labels (Home, Dashboard & Reports, Quick Report, Apps). */
const LABEL_KEYS: Readonly<Record<LaunchPageType, string>> = {
  home: 'launchPage.options.home',
  'dashboard&reports': 'launchPage.options.dashboardReports',
  quickreport: 'launchPage.options.quickReport',
  apps: 'launchPage.options.apps',
};

/** Where '/' leads after sign-in; offered only to full users and administrators (spec §6). */
export function LaunchPageSection({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('profile');
  const translate = useProfileMessage();
  const toast = useToast();
  const save = useUpdateUserProfile();
  const saved = profile.preference.launch_page.type;
  const [type, setType] = useState<LaunchPageType>(saved);
  useEffect(() => setType(saved), [saved]);

  const submit = () =>
    save.mutate(
      { preference: { launch_page: { type } } },
      {
        onSuccess: (response) => toast.success(translate(response.message) || t('messages.profileSaved')),
        onError: (error) => toast.error(failureText(error, translate, t('saveFailed'))),
      },
    );

  return (
    <ProfileSection title={t('launchPage.title')} testId="profile-launch-page">
      <p style={{ marginTop: 0 }} id="launch-page-description">
        {t('launchPage.description')}
      </p>
      <Radio.Group
        aria-describedby="launch-page-description"
        value={type}
        onChange={(event) => setType(event.target.value as LaunchPageType)}
        style={{ display: 'flex', flexDirection: 'column', gap: 8, marginBottom: 16 }}
        options={LAUNCH_PAGE_TYPES.map((value) => ({ value, label: t(LABEL_KEYS[value]) }))}
      />
      <Button type="primary" onClick={submit} loading={save.isPending} disabled={type === saved}>
        {t('save')}
      </Button>
    </ProfileSection>
  );
}
