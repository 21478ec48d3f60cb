import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Layering of DESIGN.md section 2: domain <- formulas <- grid <- screens <- app; server uses
// domain and formulas only; nothing outside server imports server.
const noServer = { group: ['**/server/**', '@/server/**'], message: 'Only src/server may import server code.' };
const noUi = {
  group: ['react', 'react-dom', 'react-*', 'ag-grid-*', '@tanstack/*', 'jotai', '**/grid/**', '**/screens/**', '**/app/**'],
  message: 'src/domain and src/formulas are pure: no UI code.',
};
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
    },
  },
  {
    files: ['src/**/*.tsx', 'tests/screens/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['src/domain/**'], rules: restrict(noServer, noUi, noNode, { group: ['**/formulas/**'], message: 'domain is the bottom layer.' }) },
  { files: ['src/formulas/**'], rules: restrict(noServer, noUi, noNode) },
  { files: ['src/grid/**'], rules: restrict(noServer, { group: ['**/screens/**', '**/app/**'], message: 'grid sits below screens and app.' }) },
  { files: ['src/screens/**'], rules: restrict(noServer) },
  { files: ['src/app/**'], rules: restrict(noServer) },
);
