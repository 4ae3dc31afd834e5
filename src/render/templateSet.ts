import fs from 'fs';
import Handlebars from 'handlebars';
import path from 'path';
import { HELPERS } from './helpers';

/** A template or partial failed to compile or render; names the file that holds it. */
export class TemplateError extends Error {
  constructor(
    readonly template: string,
    readonly origin: 'built-in' | 'project',
    message: string,
  ) {
    super(`${origin === 'project' ? 'templates/' : 'built-in template '}${template}: ${message}`);
    this.name = 'TemplateError';
  }
}

interface TemplateSource {
  name: string;
  file: string;
  origin: 'built-in' | 'project';
}

function listTemplates(root: string, origin: TemplateSource['origin']): TemplateSource[] {
  if (!fs.existsSync(root)) return [];
  const found: TemplateSource[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      // templates/create/ holds the files of a new project (create-appgen), not generate output.
      if (entry.isDirectory()) {
        if (!(dir === root && entry.name === 'create')) walk(file);
      }
      else if (entry.name.endsWith('.hbs')) found.push({ name: path.relative(root, file).split(path.sep).join('/'), file, origin });
    }
  };
  walk(root);
  return found;
}

/**
 * The built-in templates overlaid with a project's `templates/` folder: a project file with the
 * same relative path replaces the built-in one. Files under `partials/` are registered as
 * partials named by their path without `.hbs` (e.g. `handler/auth`).
 */
export class TemplateSet {
  private readonly handlebars = Handlebars.create();
  private readonly sources = new Map<string, TemplateSource>();
  private readonly compiled = new Map<string, HandlebarsTemplateDelegate>();

  constructor(builtinDir: string, projectDir?: string) {
    for (const source of [...listTemplates(builtinDir, 'built-in'), ...(projectDir ? listTemplates(projectDir, 'project') : [])]) {
      this.sources.set(source.name, source);
    }
    for (const [name, helper] of Object.entries(HELPERS)) this.handlebars.registerHelper(name, helper);
    for (const source of this.sources.values()) {
      if (!source.name.startsWith('partials/')) continue;
      const partialName = source.name.slice('partials/'.length, -'.hbs'.length);
      this.handlebars.registerPartial(partialName, this.compile(source));
    }
  }

  /** Names of every template and partial, with where each comes from. */
  list(): TemplateSource[] {
    return [...this.sources.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  private compile(source: TemplateSource): HandlebarsTemplateDelegate {
    const raw = fs.readFileSync(source.file, 'utf8');
    // A one-line partial is used inline, mid-line: its file's final newline is not part of it.
    const text = source.name.startsWith('partials/') && raw.indexOf('\n') === raw.length - 1 ? raw.slice(0, -1) : raw;
    try {
      // Parse now so syntax errors surface before anything renders.
      this.handlebars.parse(text);
    } catch (error) {
      throw new TemplateError(source.name, source.origin, (error as Error).message);
    }
    return this.handlebars.compile(text, { strict: true, noEscape: true });
  }

  render(name: string, context: object): string {
    const source = this.sources.get(name);
    if (!source) throw new TemplateError(name, 'built-in', 'no such template');
    let template = this.compiled.get(name);
    if (!template) {
      template = this.compile(source);
      this.compiled.set(name, template);
    }
    try {
      return template(context);
    } catch (error) {
      throw new TemplateError(name, source.origin, (error as Error).message);
    }
  }
}
