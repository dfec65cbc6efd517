/**
 * An entity the API sends has one definition, its contract: the type of the
 * same name in `types` is derived from it (`Static<typeof FooContract>`),
 * never written again by hand beside it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as contracts from '../contracts';

const typesDir = __dirname;
const sources = readdirSync(typesDir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => ({ file: f, text: readFileSync(path.join(typesDir, f), 'utf8') }));

const entities = Object.keys(contracts)
  .filter((name) => name.endsWith('Contract'))
  .map((name) => name.slice(0, -'Contract'.length));

describe('the types of the entities the API sends', () => {
  it.each(entities)('%s, where types names it, is its contract', (entity) => {
    for (const { file, text } of sources) {
      // `interface Foo extends Static<typeof FooContract> {}` is the contract's type under its own name
      // (with, at most, other contracts beside it: `…, Static<typeof FooSeriesContract> {}`).
      const handWritten = new RegExp(
        `export (interface ${entity}\\b(?! extends Static<typeof ${entity}Contract>(, Static<typeof \\w+Contract>)* \\{\\})|type ${entity} = \\{)`,
      ).test(text);
      expect({ file, entity, handWritten }).toEqual({ file, entity, handWritten: false });
    }
  });

  it('nor does the API or an app write one of them again', () => {
    const root = path.join(__dirname, '../../..');
    const folders = readdirSync(root)
      .filter((d) => d === 'api' || d === 'shell' || d.startsWith('mfe-'))
      .map((d) => path.join(root, d, 'src'));
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? files(path.join(dir, e.name))
          : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)
            ? [path.join(dir, e.name)]
            : [],
      );
    const names = entities.join('|');
    const written = new RegExp(`^\\s*(?:export )?(?:interface (${names}) \\{|type (${names}) = \\{)`, 'gm');
    const found = folders.flatMap(files).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(written)].map((m) => ({
        file: path.relative(root, file),
        entity: m[1] ?? m[2],
      })),
    );
    expect(found).toEqual([]);
  });

  it('the staff entities are among them', () => {
    expect(entities).toEqual(expect.arrayContaining(['ActivityItem', 'StaffEvent', 'Attendee']));
  });
});
