import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

// Layering of DESIGN.md section 2, every arrow enforced on resolved paths, so a dynamic import()
// and a path written any way are checked alike (import-x/no-restricted-paths):
//   domain <- formulas <- grid;  domain <- api <- ui <- grid;
//   screens use grid, api, ui, formulas and domain;  app (the shell) uses screens, ui, api and domain;
//   server uses domain and formulas only;  nothing outside server imports server;  nothing imports app.
// The browser's layers import no Node built-in (`fs` or `node:fs`); domain and formulas import no
// package but zod (and formulas HyperFormula). import-x/no-cycle refuses a cycle between any two
// files. tests/unit/lint-layers.test.ts lints planted imports of each kind and expects refusals.
const USES = {
  domain: [],
  formulas: ['domain'],
  api: ['domain'],
  ui: ['domain', 'api'],
  grid: ['domain', 'formulas', 'ui'],
  screens: ['domain', 'formulas', 'grid', 'api', 'ui'],
  app: ['domain', 'api', 'ui', 'screens'],
  server: ['domain', 'formulas'],
};
const LAYERS = Object.keys(USES);
const layerZones = Object.entries(USES).map(([layer, uses]) => ({
  target: `./src/${layer}`,
  from: LAYERS.filter((other) => other !== layer && !uses.includes(other)).map((other) => `./src/${other}`),
  message: `src/${layer} may use ${uses.length ? uses.map((other) => `src/${other}`).join(', ') : 'nothing else in src'} (DESIGN.md section 2).`,
}));
// Between screen folders too, no cycles: what the season tabs share lives in tour-season, below
// pricing and tour-extras; bulk pricing uses the models' editor, never the other way round.
const screenZone = (target, from, message) => ({ target: `./src/screens/${target}`, from: from.map((folder) => `./src/screens/${folder}`), message });
const screenZones = [
  screenZone('tour-season', ['pricing', 'tour-extras', 'models', 'bulk-pricing'], 'tour-season sits below the season tabs and the models.'),
  screenZone('pricing', ['tour-extras'], 'Shared season code goes in tour-season.'),
  screenZone('tour-extras', ['pricing'], 'Shared season code goes in tour-season.'),
  screenZone('models', ['bulk-pricing'], 'Bulk pricing uses the models, not the other way round.'),
];
/** Bare module names (not relative paths) but those allowed, in every form of import, dynamic included. */
const onlyPackages = (allowed, message) => {
  const pattern = `/^(?!\\.|${allowed.map((name) => `${name}$`).join('|')})/`;
  const selectors = ['ImportDeclaration', 'ImportExpression', 'ExportAllDeclaration', 'ExportNamedDeclaration'];
  return { 'no-restricted-syntax': ['error', ...selectors.map((node) => ({ selector: `${node} > Literal.source[value=${pattern}]`, message }))] };
};

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
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...layerZones, ...screenZones] }] },
  },
  {
    files: LAYERS.filter((layer) => layer !== 'server').map((layer) => `src/${layer}/**`),
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  { files: ['src/domain/**'], rules: onlyPackages(['zod'], 'src/domain is pure and runs in the browser: zod is its one package.') },
  {
    files: ['src/formulas/**'],
    rules: onlyPackages(['zod', 'hyperformula', 'jszip'], 'src/formulas is pure: zod, HyperFormula and JSZip (to read a sheet) are its packages.'),
  },
);
