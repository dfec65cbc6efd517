/**
 * The typecheck of shared and the browser apps as one program: each app's
 * own program checks all of shared's sources again (and parses the same
 * React and styled-components types), so six programs cost two to three
 * times the CPU of one that holds them all (with TypeScript 7's compiler
 * ~18 CPU-s against ~7 here; with 5.9, ~100 against ~36). An app
 * whose tsconfig.json does more than extend tsconfig.base.json and name its
 * files is checked alone, as its own `npm run typecheck` does. What one
 * program cannot tell apart: an ambient declaration (`declare module`) one
 * app has and another lacks; the apps' only one is shared's fonts.d.ts,
 * which each includes.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes the combined tsconfig under `.cache/typecheck/` and answers its
 * path, with the folders it holds and those to check alone.
 * @param {string} root the repository
 * @param {string[]} dirs shared and the apps
 */
export function combinedTsconfig(root, dirs) {
  const folder = path.join(root, '.cache/typecheck');
  const include = [];
  const exclude = [];
  const combined = [];
  const alone = [];
  for (const dir of dirs) {
    // A folder without one is not typechecked (as `npm test` always did).
    const own = path.join(root, dir, 'tsconfig.json');
    if (!existsSync(own)) continue;
    const config = JSON.parse(readFileSync(own, 'utf8'));
    const plain =
      config.extends === '../tsconfig.base.json' &&
      Object.keys(config).every((key) => ['extends', 'include', 'exclude'].includes(key));
    if (!plain) {
      alone.push(dir);
      continue;
    }
    const from = (entry) => path.relative(folder, path.join(root, dir, entry));
    include.push(...(config.include ?? ['**/*']).map(from));
    exclude.push(...(config.exclude ?? []).map(from));
    combined.push(dir);
  }
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'tsconfig.json');
  const tsconfig = {
    extends: path.relative(folder, path.join(root, 'tsconfig.base.json')),
    include: [...new Set(include)],
    exclude: [...new Set(exclude)],
  };
  writeFileSync(file, `${JSON.stringify(tsconfig, null, 2)}\n`);
  return { file, combined, alone };
}
