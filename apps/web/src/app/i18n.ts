import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  APP_LANGUAGES,
  FALLBACK_LANGUAGE,
  isAppLanguage,
  rememberLanguage,
  storedLanguage,
  type AppLanguage,
} from '../shared/i18n/languages.ts';

/** One namespace per feature (DESIGN.md): src/locales/<lng>/<namespace>.json. */
export const NAMESPACES = ['common', 'auth', 'validation', 'home', 'errors', 'public'] as const;
export type Namespace = (typeof NAMESPACES)[number];

// Each JSON file becomes its own small chunk, so a page loads only its language and namespaces. The
// entry knows only the sign-in namespaces; the table of every other one (it grows with each feature)
// loads the first time one of them is wanted, so the login route stays small.
const signInLoaders = import.meta.glob<ResourceKey>('../locales/*/{common,auth,validation}.json', {
  import: 'default',
});
type Loaders = Record<string, () => Promise<ResourceKey>>;
let otherLoaders: Promise<Loaders> | null = null;

async function loaderFor(path: string): Promise<(() => Promise<ResourceKey>) | undefined> {
  const local = signInLoaders[path];
  if (local) return local;
  otherLoaders ??= import('./locale-loaders.ts').then((module) => module.featureLoaders);
  return (await otherLoaders)[path];
}

const lazyBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read(language, namespace, callback) {
    loaderFor(`../locales/${language}/${namespace}.json`)
      .then((load) => {
        if (!load) throw new Error(`No translations for ${language}/${namespace}`);
        return load();
      })
      .then(
        (data) => callback(null, data),
        (error: unknown) => callback(error instanceof Error ? error : String(error), false),
      );
  },
};

let started: Promise<typeof i18next> | null = null;

/** Starts i18next once: the remembered language (or English), with the common namespace loaded. */
export function initI18n(language: AppLanguage = storedLanguage()): Promise<typeof i18next> {
  started ??= i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...APP_LANGUAGES],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    })
    .then(() => {
      syncDocument(i18next.language);
      i18next.on('languageChanged', (next) => {
        syncDocument(next);
        if (isAppLanguage(next)) rememberLanguage(next);
      });
      return i18next;
    });
  return started;
}

function syncDocument(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export { i18next as i18n };
