// The web app's layers, enforced by lint (docs/ARCHITECTURE.md, "Web app"):
//   app/      router, providers, shell wiring: may import anything below it
//   features/ one folder per domain: imports shared/, and another feature only through its public
//             surface: index.ts (keys, hooks, paths, helpers; light, the shell may load it) and
//             components.ts (components another feature renders; heavy, so kept out of index.ts)
//   shared/   generic UI, hooks, the HTTP client and app-wide state: never imports features/ or app/
// Tests (__tests__) may reach into what they set up, so they are left out.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import importX from 'eslint-plugin-import-x';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const src = 'apps/web/src';
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureZones = features.map((name) => ({
  target: `${src}/features/${name}`,
  from: `${src}/features`,
  except: [
    `./${name}`,
    ...features
      .filter((other) => other !== name)
      .flatMap((other) => [`./${other}/index.ts`, `./${other}/components.ts`]),
  ],
  message: `features/${name} may use another feature only through its index.ts or components.ts (its public surface); what several features share belongs in shared/.`,
}));

export const webBoundaries = {
  files: [`${src}/**/*.{ts,tsx}`],
  ignores: ['**/__tests__/**'],
  plugins: { 'import-x': importX },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: repoRoot,
        zones: [
          {
            target: `${src}/shared`,
            from: [`${src}/features`, `${src}/app`],
            message: 'shared/ is generic: it never imports features/ or app/.',
          },
          {
            target: `${src}/features`,
            from: `${src}/app`,
            message: 'Features never import app/ (the app composes the features, not the other way round).',
          },
          ...featureZones,
        ],
      },
    ],
  },
};
