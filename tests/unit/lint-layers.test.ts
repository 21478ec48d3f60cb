import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// DESIGN.md section 2's layers, as eslint.config.js enforces them: each planted import below is
// linted as if it stood in the file named, and must be refused (or, for the controls, allowed).
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((message) => message.severity === 2 && message.ruleId !== 'max-len').map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the layers lint enforces', () => {
  it.each([
    [
      'a screen importing server code dynamically',
      'src/screens/bookings/planted.ts',
      "export const load = () => import('../../server/config.js');",
      'import-x/no-restricted-paths',
    ],
    [
      'a screen importing the shell dynamically',
      'src/screens/bookings/planted.ts',
      "export const load = () => import('../../app/routes.js');",
      'import-x/no-restricted-paths',
    ],
    [
      'the API client importing a screen',
      'src/api/planted.ts',
      "export { MediaScreen } from '../screens/media/media-screen.js';",
      'import-x/no-restricted-paths',
    ],
    ['domain importing fs', 'src/domain/planted.ts', "import { readFileSync } from 'fs';\nexport const read = readFileSync;", 'import-x/no-nodejs-modules'],
    [
      'domain importing node:fs',
      'src/domain/planted.ts',
      "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;",
      'import-x/no-nodejs-modules',
    ],
    ['domain importing exceljs', 'src/domain/planted.ts', "import ExcelJS from 'exceljs';\nexport const book = ExcelJS;", 'no-restricted-syntax'],
    [
      'domain importing HyperFormula',
      'src/domain/planted.ts',
      "import { HyperFormula } from 'hyperformula';\nexport const engine = HyperFormula;",
      'no-restricted-syntax',
    ],
    [
      'formulas importing module',
      'src/formulas/planted.ts',
      "import { createRequire } from 'module';\nexport const load = createRequire;",
      'import-x/no-nodejs-modules',
    ],
    ['formulas importing a package dynamically', 'src/formulas/planted.ts', "export const load = () => import('exceljs');", 'no-restricted-syntax'],
    ['the grid importing the API client', 'src/grid/planted.ts', "export { api } from '../api/api.js';", 'import-x/no-restricted-paths'],
    [
      'tour-season importing the models screens',
      'src/screens/tour-season/planted.ts',
      "export { ModelEditScreen } from '../models/model-edit-screen.js';",
      'import-x/no-restricted-paths',
    ],
    [
      'the server importing the grid',
      'src/server/planted.ts',
      "export { gridCommands } from '../grid/commands/grid-commands.js';",
      'import-x/no-restricted-paths',
    ],
  ])('refuses %s', async (_, file, code, rule) => {
    expect(await problems(file, code)).toContainEqual(expect.stringMatching(new RegExp(`^${rule}: `)));
  });

  it.each([
    ['domain importing zod', 'src/domain/planted.ts', "import { z } from 'zod';\nexport const name = z.string();"],
    ['a screen importing the grid', 'src/screens/pricing/planted.ts', "export { PriceGrid } from '../../grid/price-grid.js';"],
    ['the shell loading a screen lazily', 'src/app/planted.ts', "export const load = () => import('../screens/media/media-screen.js');"],
    ['the server importing the formulas', 'src/server/planted.ts', "export { evaluatePriceRows } from '../formulas/evaluate-price-rows.js';"],
  ])('allows %s', async (_, file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
