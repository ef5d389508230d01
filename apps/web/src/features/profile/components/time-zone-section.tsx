import type { UserProfile } from '@formloop/contracts';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useSetUserTimeZone, useTimeZones } from '../api.ts';
import { failureText, useProfileMessage } from '../messages.ts';
import { ProfileSection } from './profile-section.tsx';

/** The user's time zone: a searchable list of IANA zones with their current UTC offsets. */
export function TimeZoneSection({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('profile');
  const translate = useProfileMessage();
  const toast = useToast();
  const zones = useTimeZones();
  const save = useSetUserTimeZone();
  const [zone, setZone] = useState(profile.time_zone);
  useEffect(() => setZone(profile.time_zone), [profile.time_zone]);

  const options = useMemo(
    () => (zones.data ?? []).map((option) => ({ value: option.id, label: option.label })),
    [zones.data],
  );

  const submit = () =>
    save.mutate(zone, {
      onSuccess: (response) => toast.success(translate(response.message) || t('messages.timeZoneSaved')),
      onError: (error) => toast.error(failureText(error, translate, t('saveFailed'))),
    });

  return (
    <ProfileSection title={t('timeZone.title')} testId="profile-time-zone">
      {zones.isError ? (
        <Alert type="error" showIcon title={t('timeZone.loadFailed')} style={{ marginBottom: 16 }} />
      ) : null}
      <label htmlFor="profile-time-zone-select" style={{ display: 'block', marginBottom: 8 }}>
        {t('timeZone.label')}
      </label>
      <Select
        id="profile-time-zone-select"
        showSearch={{ optionFilterProp: 'label' }}
        value={zone}
        onChange={setZone}
        options={options}
        loading={zones.isPending}
        placeholder={t('timeZone.placeholder')}
        style={{ width: '100%', marginBottom: 16 }}
        data-testid="time-zone-select"
      />
      <Button type="primary" onClick={submit} loading={save.isPending} disabled={zone === profile.time_zone}>
        {t('save')}
      </Button>
    </ProfileSection>
  );
}
