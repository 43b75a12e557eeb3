import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Import zones, as bulletproof-react draws them: a feature never imports another feature (shared pieces go
 * down to components/ or lib/), and imports point downwards only: features, then components, then lib and
 * state. app.tsx, main.tsx and config/ compose the features and stand above them all.
 */
const FEATURES = readdirSync(fileURLToPath(import.meta.resolve('./client/src/features')), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureZones = FEATURES.map((feature) => ({
  files: [`client/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: FEATURES.filter((other) => other !== feature).map((other) => ({
          regex: `^(\\.\\./)+(features/)?${other}(/|$)`,
          message: `features never import each other: move what ${feature} needs from ${other} down to components/ or lib/.`,
        })),
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  ...featureZones,
  {
    files: ['client/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)(features|config)/', message: 'components/ sit below the features: pass what you need in as props.' }] },
      ],
    },
  },
  {
    files: ['client/src/{lib,state}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '(^|/)(features|config|components)/', message: 'lib/ and state/ are the bottom layer: they import no components or features.' }],
        },
      ],
    },
  },
);
