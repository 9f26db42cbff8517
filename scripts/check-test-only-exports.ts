// `npm run lint`'s check on dead code: every export of functions/src and packages/contracts/src
// that its own module does not use is imported by a module that runs for real (the functions,
// the web app, the tools and scripts), not only by tests. An export only tests read is code that
// keeps a test alive and nothing else: it goes, or moves into the tests' own support. The
// benchmarks and the soak count as tools: they read what the functions wrote, as the report does.
// Imports are read with TypeScript's parser; a namespace import, `export *` or a dynamic
// import counts as a use of every export of its module.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The modules whose exports are checked. */
const checked = [/^functions\/src\//, /^packages\/contracts\/src\//];
/** The entry points: what they export is read by the Functions runtime, not by an import. */
const entries = new Set(['functions/src/index.ts', 'functions/src/functions.ts', 'functions/src/local/index.ts']);
/** What runs only to test or measure: its imports do not keep an export alive. */
const testOnly = [/(^|\/)(test|e2e|testing|conformance)\//, /\.(test|type-test|e2e)\.tsx?$/, /(^|\/)testing\.ts$/];
/** Exports kept with nothing importing them, and why. */
const kept: Record<string, string> = {};
/** How a package name maps to its source folder (each package's `exports` points at src). */
const packages: Record<string, string> = {
  '@dayfocus/contracts/': 'packages/contracts/src/',
  '@dayfocus/functions/': 'functions/src/',
  '@/': 'apps/web/src/',
};

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((path) => /\.(ts|tsx|mts|mjs)$/.test(path) && !path.endsWith('.d.ts') && existsSync(join(root, path)));
}

/** The repository path `specifier` names from `from`, or undefined for a package not ours. */
function resolve(from: string, specifier: string): string | undefined {
  let base: string | undefined;
  if (specifier.startsWith('.')) base = normalize(join(dirname(from), specifier));
  for (const [prefix, dir] of Object.entries(packages)) {
    if (specifier.startsWith(prefix)) base = dir + specifier.slice(prefix.length);
  }
  if (base === undefined) return undefined;
  const stem = base.replace(/\.(js|mjs|ts|tsx)$/, '');
  const candidates = [`${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}/index.ts`, base];
  return candidates.find((path) => existsSync(join(root, path)));
}

type Uses = Map<string, Set<string>>;

function addUse(uses: Uses, file: string | undefined, name: string): void {
  if (file === undefined) return;
  const names = uses.get(file) ?? new Set<string>();
  names.add(name);
  uses.set(file, names);
}

/** Records which names of which modules `file` imports (or re-exports). */
function readImports(file: string, uses: Uses): void {
  const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = resolve(file, node.moduleSpecifier.text);
      const clause = node.importClause;
      if (!clause) addUse(uses, target, '*');
      if (clause?.name) addUse(uses, target, 'default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) addUse(uses, target, '*');
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) addUse(uses, target, (element.propertyName ?? element.name).text);
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = resolve(file, node.moduleSpecifier.text);
      const clause = node.exportClause;
      if (!clause || ts.isNamespaceExport(clause)) addUse(uses, target, '*');
      else for (const element of clause.elements) addUse(uses, target, (element.propertyName ?? element.name).text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      addUse(uses, resolve(file, node.arguments[0].text), '*');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** How often each identifier appears in `source` (a declaration's own name counts once). */
function identifierCounts(source: ts.SourceFile): Map<string, number> {
  const counts = new Map<string, number>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) counts.set(node.text, (counts.get(node.text) ?? 0) + 1);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return counts;
}

/**
 * The names `file` exports by its own declarations that nothing in the file itself uses, with
 * their lines: such an export runs only where another module imports it.
 */
function exportsOf(file: string): { name: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const counts = identifierCounts(source);
  const found: { name: string; line: number }[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  for (const statement of source.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword)) {
      found.push({ name: 'default', line: lineOf(statement) });
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) found.push({ name: declaration.name.text, line: lineOf(declaration) });
      }
    } else if ('name' in statement && statement.name && ts.isIdentifier(statement.name as ts.Node)) {
      found.push({ name: (statement.name as ts.Identifier).text, line: lineOf(statement) });
    }
  }
  return found.filter(({ name }) => name === 'default' || (counts.get(name) ?? 0) <= 1);
}

const files = sourceFiles();
const isTest = (file: string) => testOnly.some((pattern) => pattern.test(file));
const productionUses: Uses = new Map();
const testUses: Uses = new Map();
for (const file of files) readImports(file, isTest(file) ? testUses : productionUses);

const problems: string[] = [];
for (const file of files) {
  if (!checked.some((pattern) => pattern.test(file)) || isTest(file) || entries.has(file)) continue;
  const used = productionUses.get(file);
  if (used?.has('*')) continue;
  for (const { name, line } of exportsOf(file)) {
    const key = `${file} ${name}`;
    if (used?.has(name) || key in kept) continue;
    const byTests = testUses.get(file)?.has(name) || testUses.get(file)?.has('*');
    problems.push(`${file}:${line} ${name} is ${byTests ? 'read only by tests' : 'imported by no module'}`);
  }
}

if (problems.length > 0) {
  process.stderr.write(
    `Exports no production module imports (${problems.length}): delete them, move them into the tests' ` +
      `support, or drop the \`export\` of what their own module uses.\n${problems.join('\n')}\n`,
  );
  process.exit(1);
}
process.stdout.write('test-only exports: none\n');
