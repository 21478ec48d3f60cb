import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

// Layering of DESIGN.md section 2, every arrow enforced:
//   domain <- formulas <- grid;  domain <- api;  ui <- grid;
//   screens use grid, api, ui, formulas and domain;  app (the shell) uses screens, ui and api;
//   server uses domain and formulas only;  nothing outside server imports server;  nothing imports app.
// import-x/no-cycle refuses a cycle between any two files.
const layer = (name, message) => ({ group: [`**/${name}/**`, `**/${name}`], message });
// A sibling screen folder as a screen names it (two dots, then the folder), not domain/pricing.
const screenFolder = (name, message) => ({ regex: `^(\\.\\./)+${name}/`, message });
const noServer = layer('server', 'Only src/server may import server code.');
const noApp = layer('app', 'src/app is the shell: nothing imports it.');
const noScreens = layer('screens', 'Screens sit above this layer.');
const noGrid = layer('grid', 'The grid sits above this layer.');
const noUi = layer('ui', 'The UI kit sits above this layer.');
const noApi = layer('api', 'The API client sits above this layer.');
const noFormulas = layer('formulas', 'domain is the bottom layer.');
const noReact = { group: ['react', 'react-dom', 'react-*', 'ag-grid-*', '@tanstack/*', 'jotai'], message: 'src/domain and src/formulas are pure: no UI code.' };
const noNode = { group: ['node:*'], message: 'src/domain and src/formulas run in the browser too.' };
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Prettier's width (.prettierrc.json), also for what Prettier does not break: strings, comments, SQL, JSX text.
      'max-len': ['error', { code: 160 }],
    },
  },
  {
    files: ['src/**/*.tsx', 'tests/screens/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { 'import-x': importX },
    // Imports name the .js the build emits; the sources are .ts and .tsx.
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  { files: ['src/domain/**'], rules: restrict(noServer, noApp, noScreens, noGrid, noUi, noApi, noFormulas, noReact, noNode) },
  { files: ['src/formulas/**'], rules: restrict(noServer, noApp, noScreens, noGrid, noUi, noApi, noReact, noNode) },
  { files: ['src/api/**'], rules: restrict(noServer, noApp, noScreens, noGrid, noUi, layer('formulas', 'The API client needs only domain.')) },
  { files: ['src/ui/**'], rules: restrict(noServer, noApp, noScreens, noGrid) },
  { files: ['src/grid/**'], rules: restrict(noServer, noApp, noScreens, noApi) },
  { files: ['src/screens/**'], rules: restrict(noServer, noApp) },
  // Between screen folders too, no cycles: what the season tabs share lives in tour-season, below
  // pricing and tour-extras; bulk pricing uses the models' editor, never the other way round.
  {
    files: ['src/screens/tour-season/**'],
    rules: restrict(
      noServer,
      noApp,
      screenFolder('pricing', 'tour-season sits below the pricing tabs.'),
      screenFolder('tour-extras', 'tour-season sits below the extras tabs.'),
    ),
  },
  { files: ['src/screens/pricing/**'], rules: restrict(noServer, noApp, screenFolder('tour-extras', 'Shared season code goes in tour-season.')) },
  { files: ['src/screens/tour-extras/**'], rules: restrict(noServer, noApp, screenFolder('pricing', 'Shared season code goes in tour-season.')) },
  {
    files: ['src/screens/models/**'],
    rules: restrict(noServer, noApp, screenFolder('bulk-pricing', 'Bulk pricing uses the models, not the other way round.')),
  },
  { files: ['src/app/**'], rules: restrict(noServer) },
  { files: ['src/server/**'], rules: restrict(noApp, noScreens, noGrid, noUi, noApi) },
);
