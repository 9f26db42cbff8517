/**
 * Compiles the Node client's system test (a checkout's `dev/system-test/firestore.ts`) and the
 * checkout files it imports into CommonJS files in `outDir`, wired to the INSTALLED client:
 *
 * - every file is compiled on its own by TypeScript as the client's build compiles it (CommonJS,
 *   no esModuleInterop, so `import * as extend from 'extend'` is the callable module itself);
 * - imports of the checkout's `dev/src/...` and `dev/protos/...` go to the installed
 *   `@google-cloud/firestore`'s `build/src/...` and `build/protos/...` (`dev/src/v1`, which 9.x
 *   moved out, to `@google-cloud/firestore-api/v1`), so that the suite and the client share
 *   one copy of every class;
 * - imports of the checkout's test helpers are compiled in turn;
 * - packages resolve from tools/firestore-emulator, google-gax from the client, and the few the
 *   workspace does not have, or has as ES modules only, from `shims/`.
 *
 * Every `require` of the output names an absolute path, so the output can live anywhere.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const requireHere = createRequire(import.meta.url);
const clientMain = requireHere.resolve('@google-cloud/firestore'); // <client>/build/src/index.js
const clientBuild = path.resolve(path.dirname(clientMain), '..');
const requireFromClient = createRequire(clientMain);
const shimsDir = fileURLToPath(new URL('./shims/', import.meta.url));

/** Packages replaced by a file of `shims/` (compiled like the suite). */
const SHIMS: Record<string, string> = {
  // ES module only (v8): the suite passes the module itself to chai's use().
  'chai-as-promised': 'chai-as-promised.ts',
  // Not installed: the bundle helper reads a bundle's length-prefixed elements with it.
  'length-prefixed-json-stream': 'length-prefixed-json-stream.ts',
  // Not installed: used only by unit-test helpers that the system tests do not call.
  through2: 'unavailable.ts',
};

const COMPILER_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2018,
  esModuleInterop: false,
  useDefineForClassFields: false,
};

/** A transformer that points each `require('specifier')` of a file at `target(specifier)`. */
function requiresTo(target: (specifier: string) => string): ts.TransformerFactory<ts.SourceFile> {
  return (context) => (file) => {
    const visit = (node: ts.Node): ts.Node => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'require' &&
        node.arguments.length === 1 &&
        node.arguments[0] !== undefined &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        const specifier = context.factory.createStringLiteral(target(node.arguments[0].text));
        return context.factory.updateCallExpression(node, node.expression, undefined, [specifier]);
      }
      return ts.visitEachChild(node, visit, context);
    };
    return ts.visitEachChild(file, visit, context);
  };
}

/** Compiles one file on its own into `output`, its requires pointed at `target(specifier)`. */
function compileFile(source: string, output: string, target: (specifier: string) => string): void {
  const { outputText, diagnostics } = ts.transpileModule(readFileSync(source, 'utf8'), {
    compilerOptions: COMPILER_OPTIONS,
    fileName: source,
    reportDiagnostics: true,
    transformers: { after: [requiresTo(target)] },
  });
  const errors = (diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) {
    throw new Error(`${source}: ${ts.flattenDiagnosticMessageText(errors[0]?.messageText, '\n')}`);
  }
  mkdirSync(path.dirname(output), { recursive: true });
  writeFileSync(output, outputText);
}

/**
 * Compiles `<checkout>/dev/system-test/<name>.ts` and what it imports into `outDir`; returns the
 * compiled entry point, for mocha.
 */
export function compileSuite(checkout: string, outDir: string, name = 'firestore'): string {
  const dev = path.join(path.resolve(checkout), 'dev');
  const entrySource = path.join(dev, 'system-test', `${name}.ts`);
  if (!existsSync(entrySource)) throw new Error(`No ${entrySource}: is --suite a nodejs-firestore checkout?`);

  const outputOf = (source: string): string => {
    const relative = source.startsWith(shimsDir)
      ? path.join('shims', path.relative(shimsDir, source))
      : path.relative(dev, source);
    return path.join(outDir, relative.replace(/\.ts$/, '.cjs'));
  };

  const pending = [entrySource];
  const done = new Set<string>();

  /** Where a `require(specifier)` of `from` goes: an absolute path (or a Node builtin). */
  const target = (specifier: string, from: string): string => {
    if (isBuiltin(specifier)) return specifier;
    const isShim = from.startsWith(shimsDir);
    if (!specifier.startsWith('.')) {
      const shim = isShim ? undefined : SHIMS[specifier];
      if (shim !== undefined) return compileLater(path.join(shimsDir, shim));
      const resolver = specifier === 'google-gax' ? requireFromClient : requireHere;
      try {
        return resolver.resolve(specifier);
      } catch {
        throw new Error(`The suite imports '${specifier}', which tools/firestore-emulator does not provide`);
      }
    }
    const absolute = path.resolve(path.dirname(from), specifier);
    const inDev = path.relative(dev, absolute).split(path.sep);
    if (inDev[0] === 'src' && inDev[1] === 'v1') return requireFromClient.resolve('@google-cloud/firestore-api/v1');
    if (inDev[0] === 'src' || inDev[0] === 'protos') return requireFromClient.resolve(path.join(clientBuild, ...inDev));
    for (const candidate of [absolute, `${absolute}.ts`, path.join(absolute, 'index.ts')]) {
      if (candidate.endsWith('.ts') && existsSync(candidate)) return compileLater(candidate);
      if (!candidate.endsWith('.ts') && /\.(json|c?js)$/.test(candidate) && existsSync(candidate)) return candidate;
    }
    throw new Error(`Cannot resolve '${specifier}' from ${from}`);
  };

  const compileLater = (source: string): string => {
    if (!done.has(source)) pending.push(source);
    return outputOf(source);
  };

  for (let source = pending.pop(); source !== undefined; source = pending.pop()) {
    if (done.has(source)) continue;
    done.add(source);
    const from = source;
    compileFile(source, outputOf(source), (specifier) => target(specifier, from));
  }

  return outputOf(entrySource);
}
