import fs from 'fs';
import Handlebars from 'handlebars/runtime';
import path from 'path';
import { closestMatch } from '../diagnostics/didYouMean';
import { handlebarsCompiler } from './handlebarsCompiler';
import { HELPERS } from './helpers';
import { makeArgumentsStrict } from './makeArgumentsStrict';
import {
  PARTIAL_ARGUMENTS_HELPER,
  partialArguments,
  passPartialArguments,
} from './partialArguments';
import {
  compileOptions,
  rewriteCompiledCode,
  type PrecompiledLookup,
} from './precompiledTemplates';
import { DIRECT_HELPERS, directHelpers } from './directHelpers';
import { analyzeTemplate, parseTemplate, TemplateAnalysis } from './templateAnalysis';
import { TemplateError, templateErrorFrom, TemplateOrigin } from './templateError';

export { TemplateError } from './templateError';

export interface TemplateSource {
  /** Path under templates/, forward slashes, e.g. `partials/view/element.hbs`. */
  name: string;
  file: string;
  origin: TemplateOrigin;
}

const PARTIALS = 'partials/';

/** `partials/view/element.hbs` → `view/element`; undefined for a template that is no partial. */
export function partialName(templateName: string): string | undefined {
  return templateName.startsWith(PARTIALS) && templateName.endsWith('.hbs')
    ? templateName.slice(PARTIALS.length, -'.hbs'.length)
    : undefined;
}

/**
 * A runtime file: a file under templates/ that is no template (`src/appgen/handler.ts`), copied
 * into projects as it is. It is real TypeScript, type-checked and linted with appgen's own code.
 */
export function isRuntimeFile(name: string): boolean {
  return !name.endsWith('.hbs');
}

/** A runtime file's name: no dotfile (a project's record of ejections), no file appgen is writing. */
function isRuntimeFileName(fileName: string): boolean {
  return !fileName.startsWith('.') && !fileName.endsWith('.appgen-tmp');
}

/**
 * Every template (`.hbs`) and runtime file under `root`. templates/create/ holds create-appgen's
 * files, not templates.
 */
export function listTemplateFiles(root: string, origin: TemplateOrigin): TemplateSource[] {
  if (!fs.existsSync(root)) return [];
  const found: TemplateSource[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!(dir === root && entry.name === 'create')) walk(file);
      } else if (entry.name.endsWith('.hbs') || isRuntimeFileName(entry.name))
        found.push({ name: path.relative(root, file).split(path.sep).join('/'), file, origin });
    }
  };
  walk(root);
  return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A template file's text as it is compiled (a runtime file's as it is copied). */
export function templateText(source: TemplateSource): string {
  const raw = fs.readFileSync(source.file, 'utf8');
  if (isRuntimeFile(source.name)) return raw;
  // A one-line partial is used inline, mid-line: its file's final newline is not part of it.
  return partialName(source.name) !== undefined && raw.indexOf('\n') === raw.length - 1
    ? raw.slice(0, -1)
    : raw;
}

const HINT_HELPERS = Object.keys(HELPERS).join(', ');

/**
 * Fields of a context's prototype are read as its own: a partial called with arguments runs on
 * them over its caller's context (src/render/partialArguments.ts). Contexts are appgen's plain
 * objects; Handlebars still refuses `constructor`, `__proto__` and the like.
 */
const RENDER_OPTIONS: Handlebars.RuntimeOptions = { allowProtoPropertiesByDefault: true };

/**
 * The built-in templates overlaid with a project's `templates/` folder: a project file with the
 * same relative path replaces the built-in one. Files under `partials/` are registered as
 * partials named by their path without `.hbs` (e.g. `handler/auth`).
 *
 * Every file is checked when compiled (the project's partials at construction, templates and
 * built-in partials when first used):
 * syntax, helpers and partials called by name. Errors name the file and line of the mistake:
 * an error inside a partial names the partial, not the template that included it.
 */
export class TemplateSet {
  private readonly handlebars = Handlebars.create();
  private readonly sources = new Map<string, TemplateSource>();
  private readonly compiled = new Map<string, HandlebarsTemplateDelegate>();
  private readonly partialNames = new Set<string>();

  /**
   * `precompiled`: built-in templates compiled ahead of time (src/render/precompiledTemplates.ts),
   * used instead of compiling when their digest fits the template's text.
   */
  constructor(
    builtinDir: string,
    projectDir?: string,
    private readonly precompiled?: PrecompiledLookup,
  ) {
    for (const source of [
      ...listTemplateFiles(builtinDir, 'built-in'),
      ...(projectDir ? listTemplateFiles(projectDir, 'project') : []),
    ]) {
      this.sources.set(source.name, source);
    }
    for (const [name, helper] of Object.entries(HELPERS))
      this.handlebars.registerHelper(name, helper);
    this.handlebars.registerHelper(PARTIAL_ARGUMENTS_HELPER, partialArguments);
    // Not a function: Handlebars' runtime leaves it unwrapped (directHelpers.ts).
    this.handlebars.registerHelper(
      DIRECT_HELPERS,
      directHelpers(this.handlebars.helpers) as unknown as Handlebars.HelperDelegate,
    );
    for (const name of this.sources.keys()) {
      const partial = partialName(name);
      if (partial !== undefined) this.partialNames.add(partial);
    }
    for (const source of this.sources.values()) {
      const partial = partialName(source.name);
      if (partial === undefined) continue;
      // The project's partials are checked now, so a mistake in one fails every run; the
      // built-in ones (checked by appgen's tests) are compiled when first called: a run that
      // renders a few files (the render memo) compiles only what those use.
      if (source.origin === 'project') {
        this.handlebars.registerPartial(partial, this.compile(source));
        continue;
      }
      let compiled: Handlebars.TemplateDelegate | undefined;
      this.handlebars.registerPartial(
        partial,
        (context: unknown, options?: Handlebars.RuntimeOptions) => {
          compiled ??= this.compile(source);
          return compiled(context, options);
        },
      );
    }
  }

  /** Names of every template and partial, with where each comes from. */
  list(): TemplateSource[] {
    return [...this.sources.values()].sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
  }

  render(name: string, context: object): string {
    const source = this.sourceOf(name);
    let template = this.compiled.get(name);
    if (!template) {
      template = this.compile(source);
      this.compiled.set(name, template);
    }
    return template(context, RENDER_OPTIONS);
  }

  /**
   * Handlebars' precompiled form of a template (JavaScript source), checked and rewritten as
   * `render` compiles it: what `npm run build` writes for the built-in ones.
   */
  precompile(name: string): string {
    if (isRuntimeFile(name))
      throw new TemplateError(name, 'built-in', 'a runtime file is copied, not compiled');
    const source = this.sourceOf(name);
    return this.precompiledCode(source, templateText(source));
  }

  private sourceOf(name: string): TemplateSource {
    const source = this.sources.get(name);
    if (!source) throw new TemplateError(name, 'built-in', 'no such template');
    return source;
  }

  /** The template parsed, checked, and with its arguments made strict; ready to compile. */
  private checkedProgram(source: TemplateSource, text: string) {
    let program: hbs.AST.Program;
    try {
      program = parseTemplate(text);
    } catch (error) {
      throw templateErrorFrom(error, source.name, source.origin, true);
    }
    this.check(source, analyzeTemplate(program));
    return passPartialArguments(makeArgumentsStrict(program));
  }

  private compile(source: TemplateSource): HandlebarsTemplateDelegate {
    const text = templateText(source);
    if (isRuntimeFile(source.name)) return () => text;
    const built = source.origin === 'built-in' ? this.precompiled?.(source.name, text) : undefined;
    const template = this.handlebars.template(built ?? this.compiledSpec(source, text));
    // The innermost file wins: a TemplateError from a partial passes through its callers as is.
    return (context: unknown, options?: Handlebars.RuntimeOptions) => {
      try {
        return template(context, options);
      } catch (error) {
        throw templateErrorFrom(error, source.name, source.origin);
      }
    };
  }

  /**
   * The template compiled now, as `npm run build` compiles the built-in ones (`precompile`): the
   * source of its specification, made into one. Rendering then needs only Handlebars' runtime.
   */
  private compiledSpec(source: TemplateSource, text: string): TemplateSpecification {
    // The code Handlebars generated from the template, as a precompiled module holds it.
    return new Function(`return ${this.precompiledCode(source, text)};`)() as TemplateSpecification;
  }

  /**
   * The template checked and precompiled: the JavaScript source of its specification, rewritten
   * to run faster (rewriteCompiledCode).
   */
  private precompiledCode(source: TemplateSource, text: string): string {
    const program = this.checkedProgram(source, text);
    try {
      return rewriteCompiledCode(
        handlebarsCompiler().precompile(program, compileOptions()) as unknown as string,
      );
    } catch (error) {
      throw templateErrorFrom(error, source.name, source.origin);
    }
  }

  /**
   * Mistakes Handlebars would only report at run time, without a line (an unknown partial) or
   * misleadingly (strict mode calls an unknown helper a missing field): found by reading the
   * template, so they are reported with their line even in a branch no config reaches yet.
   */
  private check(source: TemplateSource, analysis: TemplateAnalysis): void {
    // The compiler's own helpers (partialArguments, the table of direct calls) are not ones a
    // template may call, with arguments or without.
    const own = [PARTIAL_ARGUMENTS_HELPER, DIRECT_HELPERS];
    const helpers = Object.keys(this.handlebars.helpers).filter((name) => !own.includes(name));
    const fail = (reason: string, at: { line: number; column: number }) => {
      throw new TemplateError(source.name, source.origin, reason, {
        line: at.line,
        column: at.column + 1,
        whileReading: true,
      });
    };
    for (const plain of analysis.plainNames)
      if (own.includes(plain.name))
        fail(`"${plain.name}" is appgen's own helper, not one a template may use`, plain);
    for (const call of analysis.helperCalls) {
      if (helpers.includes(call.name) || analysis.blockParams.includes(call.name)) continue;
      const near = closestMatch(call.name, helpers);
      fail(
        `unknown helper "${call.name}"${near ? `; did you mean "${near}"?` : ''} (helpers: ${HINT_HELPERS}, and Handlebars' if, unless, each, with, lookup)`,
        call,
      );
    }
    const partials = [...this.partialNames, ...analysis.inlinePartials];
    for (const reference of analysis.partials) {
      const { name } = reference;
      if (
        name === undefined ||
        name.startsWith('@') ||
        reference.hasFallback ||
        partials.includes(name)
      )
        continue;
      const near = closestMatch(name, partials);
      fail(
        `unknown partial "${name}"${near ? `; did you mean "${near}"?` : ''} (partials are the files under templates/partials/, named without .hbs)`,
        reference,
      );
    }
  }
}
