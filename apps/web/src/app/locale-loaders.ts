import type { ResourceKey } from 'i18next';

/** The translation files of every namespace but the sign-in ones (i18n.ts has those). */
export const featureLoaders = import.meta.glob<ResourceKey>(
  ['../locales/*/*.json', '!../locales/*/{common,auth,validation}.json'],
  { import: 'default' },
);
