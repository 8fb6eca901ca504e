// A shipped migration holds its own copy of every constant it uses: one that imported a live
// constant (BILLED_READING_SQL, the office's live channel, the desks' role, common/'s sentences)
// changed, unseen, the moment someone edited that constant, and an old queue or office migrated
// after that edit got a schema no released MeterDesk ever had. So a migration folder's files may
// import only what is listed here, and a file named NNN-*.ts is always the migration of that
// number (a helper named like one was mistaken for one: schema-8-sentences.ts). The other way
// round too: live code never takes a constant from a migration (office-live.ts took its channel
// from office migration 004, so editing the live channel edited that migration).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { OFFICE_MIGRATIONS } from '../../main/office/store/migrations';
import { MIGRATIONS } from '../../main/store/migrations';

/** One import a file makes: what it names, and whether it brings types only (erased at build). */
interface Imported {
  readonly from: string;
  readonly typeOnly: boolean;
}

/** An import allowed to a migration folder's files: `typeOnly` ones must be `import type`. */
interface Allowed {
  readonly from: string | RegExp;
  readonly typeOnly: boolean;
}

/** The framework's types: the shape of a step, and the SQLite handle a conversion is given. */
const SQLITE_FRAMEWORK: readonly Allowed[] = [
  { from: './migration', typeOnly: true },
  { from: 'better-sqlite3', typeOnly: true },
];
const OFFICE_FRAMEWORK: readonly Allowed[] = [{ from: './migration', typeOnly: true }];

interface Folder {
  readonly dir: string;
  readonly versions: readonly number[];
  /** What each file may import, by file name; a file not named here may import nothing. */
  readonly allowed: (file: string) => readonly Allowed[];
}

const FOLDERS: readonly Folder[] = [
  {
    dir: 'main/store/migrations',
    versions: MIGRATIONS.map((m) => m.version),
    allowed: (file) => {
      if (file === 'index.ts')
        return [...SQLITE_FRAMEWORK, { from: /^\.\/\d{3}-/, typeOnly: false }];
      if (file === 'migration.ts') return [{ from: 'better-sqlite3', typeOnly: true }];
      // Migration 009's frozen sentences live beside it; they import nothing themselves.
      if (file === '009-message-codes.ts')
        return [...SQLITE_FRAMEWORK, { from: './schema-8-sentences', typeOnly: false }];
      if (/^\d{3}-/.test(file)) return SQLITE_FRAMEWORK;
      return [];
    },
  },
  {
    dir: 'main/office/store/migrations',
    versions: OFFICE_MIGRATIONS.map((m) => m.version),
    allowed: (file) => {
      if (file === 'index.ts')
        return [...OFFICE_FRAMEWORK, { from: /^\.\/\d{3}-/, typeOnly: false }];
      if (/^\d{3}-/.test(file)) return OFFICE_FRAMEWORK;
      return [];
    },
  },
];

/** Every module a TypeScript source names: imports, re-exports, require(), import() and import types. */
function importsOf(source: string): Imported[] {
  const file = ts.createSourceFile('probe.ts', source, ts.ScriptTarget.Latest, true);
  const found: Imported[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const namedAllTypes =
        clause?.name === undefined &&
        bindings !== undefined &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((e) => e.isTypeOnly);
      found.push({
        from: node.moduleSpecifier.text,
        typeOnly:
          clause !== undefined &&
          (clause.phaseModifier === ts.SyntaxKind.TypeKeyword || namedAllTypes),
      });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ from: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push({ from: node.moduleReference.expression.text, typeOnly: node.isTypeOnly });
    } else if (ts.isCallExpression(node)) {
      const dynamic = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const required = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      const [arg] = node.arguments;
      if ((dynamic || required) && arg !== undefined) {
        found.push({ from: ts.isStringLiteral(arg) ? arg.text : '(computed)', typeOnly: false });
      }
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal)) {
        found.push({ from: arg.literal.text, typeOnly: true });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Each import the list does not allow, as "'from'" or "'from' (a value import)". */
function refusedImports(source: string, allowed: readonly Allowed[]): string[] {
  return importsOf(source)
    .filter(
      (i) =>
        !allowed.some(
          (a) =>
            (typeof a.from === 'string' ? a.from === i.from : a.from.test(i.from)) &&
            (i.typeOnly || !a.typeOnly),
        ),
    )
    .map((i) => (i.typeOnly ? `'${i.from}'` : `'${i.from}' (a value import)`));
}

describe('the import rule for migrations', () => {
  it('refuses a live constant, a value from the framework and a hidden import; allows the types', () => {
    const sqlite = FOLDERS[0]?.allowed('007-billed-reading-sort.ts') ?? [];
    expect(refusedImports(`import type { Migration } from './migration';`, sqlite)).toEqual([]);
    expect(refusedImports(`import { type Migration } from './migration';`, sqlite)).toEqual([]);
    expect(refusedImports(`import type Database from 'better-sqlite3';`, sqlite)).toEqual([]);
    expect(
      refusedImports(`import { BILLED_READING_SQL } from '../billed-reading-sql';`, sqlite),
    ).toEqual([`'../billed-reading-sql' (a value import)`]);
    expect(refusedImports(`import Database from 'better-sqlite3';`, sqlite)).toEqual([
      `'better-sqlite3' (a value import)`,
    ]);
    expect(refusedImports(`import { DESK_ROLE } from './migration';`, sqlite)).toEqual([
      `'./migration' (a value import)`,
    ]);
    expect(refusedImports(`import type { X } from '../../common/job-messages';`, sqlite)).toEqual([
      `'../../common/job-messages'`,
    ]);
    expect(refusedImports(`export { A } from './other';`, sqlite)).toEqual([
      `'./other' (a value import)`,
    ]);
    expect(refusedImports(`const x = require('../office-live');`, sqlite)).toEqual([
      `'../office-live' (a value import)`,
    ]);
    expect(refusedImports(`type T = import('../office-live').LiveTable;`, sqlite)).toEqual([
      `'../office-live'`,
    ]);
  });

  for (const { dir, versions, allowed } of FOLDERS) {
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));

    it(`${dir}: every file imports only the migration framework's types (and its own frozen data)`, () => {
      const refused = files.flatMap((file) =>
        refusedImports(readFileSync(join(dir, file), 'utf8'), allowed(file)).map(
          (r) => `${file} imports ${r}`,
        ),
      );
      expect(refused, 'give the migration its own copy, with a comment saying why').toEqual([]);
    });

    it(`${dir}: a file named NNN-*.ts is the migration of that number, and each migration has one`, () => {
      const numbered = files
        .map((f) => /^(\d{3})-/.exec(f)?.[1])
        .filter((n): n is string => n !== undefined)
        .map(Number)
        .sort((a, b) => a - b);
      expect(numbered).toEqual(versions);
    });
  }

  it('no file of main/ but a migration list takes anything from a numbered migration', () => {
    const sources = readdirSync('main', { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join('main', f));
    const reaching = sources.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      // Parsing every file of main/ takes seconds; only a file that names a migration can reach one.
      if (!/\/\d{3}-/.test(text)) return [];
      return importsOf(text)
        .map((i) => relative('.', resolve(dirname(file), i.from)))
        .filter((target) => /migrations\/\d{3}-[^/]*$/.test(target))
        .filter((target) => dirname(target) !== dirname(file) || !file.endsWith('index.ts'))
        .map((target) => `${file} imports ${target}`);
    });
    expect(
      reaching,
      'keep the live constant outside the migration, the migration its own copy',
    ).toEqual([]);
  });
});
