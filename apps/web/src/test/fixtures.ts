import type { SessionToken } from '@formloop/contracts';

/** A session token answer for the seeded administrator. */
export const adminSession: SessionToken = {
  token: 'jwt-token',
  accessToken: 'access-token',
  expiresAt: '2099-01-01T00:00:00.000Z',
  isFullUser: true,
  isConsultant: false,
  isSysAdmin: true,
  isAdministrator: true,
  isMachineRemembered: false,
  is2faEnabled: false,
  uid: 'u-1',
  username: 'admin',
  email: 'admin@demo.formloop.test',
  fullname: 'Ada Admin',
  config: {
    appMenu: [],
    userInfo: {
      uid: 'u-1',
      username: 'admin',
      email: 'admin@demo.formloop.test',
      fullname: 'Ada Admin',
      date_format: 'YYYY-MM-DD',
      preference: { launch_page: { type: 'home' } },
      // A user who has a stored language (the web app stores the shown one at a first sign-in).
      config: { language: 'en' },
    },
  },
};
