import type { SeedUser } from './app-process.ts';

export const ADMIN = { username: 'admin', password: 'e2e-admin-pass', fullname: 'System Administrator' };

/** People the journeys sign in as, seeded into the demo tenant by global-setup.ts. */
export const USERS = {
  olivia: {
    username: 'olivia',
    password: 'olivia-pass',
    kind: 'USER',
    fullname: 'Olivia Ordinary',
    email: 'olivia@demo.example',
  },
  fiona: {
    username: 'fiona',
    password: 'fiona-pass',
    kind: 'FULL_USER',
    fullname: 'Fiona Fuller',
    email: 'fiona@demo.example',
  },
  rita: {
    username: 'rita',
    password: 'rita-old-pass',
    kind: 'USER',
    fullname: 'Rita Resetter',
    email: 'rita@demo.example',
  },
  tom: {
    username: 'tom',
    password: 'tom-totp-pass',
    kind: 'FULL_USER',
    fullname: 'Tom Twofactor',
    email: 'tom@demo.example',
  },
  greta: {
    username: 'greta',
    password: 'greta-pass',
    kind: 'USER',
    fullname: 'Greta Gerber',
    email: 'greta@demo.example',
  },
  sam: {
    username: 'sam',
    password: 'sam-session-pass',
    kind: 'USER',
    fullname: 'Sam Session',
    email: 'sam@demo.example',
  },
} satisfies Record<string, SeedUser>;
