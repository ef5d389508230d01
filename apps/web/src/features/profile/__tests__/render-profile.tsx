import type { UserProfile } from '@formloop/contracts';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { ProfilePage } from '../pages/profile-page.tsx';

/** A full user's profile as GET userinfo answers it. */
export const fullUserProfile: UserProfile = {
  uid: 'u-1',
  username: 'admin',
  email: 'admin@demo.formloop.test',
  fullname: 'Ada Admin',
  time_zone: 'UTC',
  date_format: 'YYYY-MM-DD',
  language: 'en',
  preference: { launch_page: { type: 'home' } },
  is2faEnabled: false,
  isFullUser: true,
  isConsultant: false,
  isSysAdmin: false,
  isAdministrator: false,
  user_kind: 'FULL_USER',
  config: { time_zone: 'UTC', user_kind: 'FULL_USER' },
};

export const ordinaryProfile: UserProfile = {
  ...fullUserProfile,
  isFullUser: false,
  user_kind: 'USER',
  config: { time_zone: 'UTC', user_kind: 'USER' },
};

export const timeZones = [
  { id: 'America/New_York', label: '(UTC-05:00) America/New_York', offsetMinutes: -300 },
  { id: 'UTC', label: '(UTC+00:00) UTC', offsetMinutes: 0 },
  { id: 'Europe/Berlin', label: '(UTC+01:00) Europe/Berlin', offsetMinutes: 60 },
];

export const questions = {
  required: 3,
  questions: ['firstPet', 'birthCity', 'motherMaidenName', 'firstSchool'].map((key) => ({ key })),
  answered: [],
};

/** The profile page on its own, signed in, with the app's real providers. */
export function renderProfile() {
  authStore.signIn(adminSession);
  const queryClient = createQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <Suspense fallback={null}>
        <ProfilePage />
      </Suspense>
    </AppProviders>,
  );
  return { ...result, queryClient };
}
