import Handlebars from 'handlebars';
import {
  callHelpersDirectly,
  DIRECT_HELPER_NAMES,
  DIRECT_HELPERS,
  directHelpers,
} from '../../../src/render/directHelpers';
import { HELPERS } from '../../../src/render/helpers';
import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { rewriteCompiledCode } from '../../../src/render/precompiledTemplates';
import { TemplateError, TemplateSet } from '../../../src/render/templateSet';
import { makeProject, removeTempProjects } from '../support/tempProject';

afterAll(removeTempProjects);

/** Handlebars' precompiled code of `text` as appgen compiles it. */
const precompiled = (text: string): string =>
  Handlebars.precompile(text, { strict: true, noEscape: true }) as unknown as string;

/**
 * An environment with `str` (a direct helper) and `field` (not one) recording the options each
 * call was given, and the table of direct calls registered as TemplateSet registers it.
 */
function environment() {
  const seen: Record<string, object[]> = { str: [], field: [] };
  const env = Handlebars.create();
  env.registerHelper('str', (value: string, options: object) => {
    seen.str.push(options);
    return `"${value}"`;
  });
  env.registerHelper('field', (options: object) => {
    seen.field.push(options);
    return 'f';
  });
  const registered = { ...HELPERS, ...env.helpers, partialArguments: () => ({}) };
  env.registerHelper(
    DIRECT_HELPERS,
    directHelpers(registered) as unknown as Handlebars.HelperDelegate,
  );
  const render = (code: string, context: object) =>
    env.template(new Function(`return ${code};`)() as TemplateSpecification)(context);
  return { seen, render };
}

const TEXT =
  '{{#each items}}{{#if ok}}{{str name}}{{else}}{{lookup this "name"}}{{/if}}{{/each}}{{field}}';
const CONTEXT = {
  items: [
    { name: 'a', ok: true },
    { name: 'b', ok: false },
  ],
};

describe('callHelpersDirectly', () => {
  it("replaces the lookups of appgen's helpers and the block helpers, and no other", () => {
    const code = callHelpersDirectly(precompiled(TEXT));
    for (const name of ['each', 'if', 'str'])
      expect(code).toContain(`helpers.${DIRECT_HELPERS}["${name}"]`);
    expect(code).not.toMatch(/lookupProperty\(helpers,"(each|if|str)"\)/);
    // `lookup` reads the property the runtime's wrapper adds; `field` is no helper of appgen's.
    expect(code).toContain('lookupProperty(helpers,"lookup")');
    expect(code).toContain('lookupProperty(helpers,"field")');
  });

  it('renders what the code as generated renders, calling direct helpers without the wrapper', () => {
    const wrapped = environment();
    const expected = wrapped.render(precompiled(TEXT), CONTEXT);
    expect(expected).toBe('"a"bf');
    // The runtime's wrapper hands each helper a copy of its options with `lookupProperty` added.
    expect(wrapped.seen.str.every((options) => 'lookupProperty' in options)).toBe(true);

    const direct = environment();
    expect(direct.render(rewriteCompiledCode(precompiled(TEXT)), CONTEXT)).toBe(expected);
    expect(direct.seen.str).toHaveLength(1);
    expect(direct.seen.str.some((options) => 'lookupProperty' in options)).toBe(false);
    expect(direct.seen.field.every((options) => 'lookupProperty' in options)).toBe(true);
  });

  it("never needs the runtime's lookupProperty: no direct helper reads it", () => {
    for (const name of DIRECT_HELPER_NAMES) {
      const helper = (HELPERS as Record<string, unknown>)[name] ?? Handlebars.helpers[name];
      if (helper) expect(String(helper)).not.toContain('lookupProperty');
    }
  });

  it('makes a table of every direct helper, and refuses a registry without one', () => {
    const table = directHelpers({
      ...HELPERS,
      ...Handlebars.helpers,
      partialArguments: () => ({}),
    });
    expect(Object.keys(table).sort()).toEqual([...DIRECT_HELPER_NAMES].sort());
    expect(() => directHelpers({ ...HELPERS })).toThrow(
      /helper "partialArguments" is not registered/,
    );
  });

  it('is no helper a template may call', () => {
    const set = new TemplateSet(
      BUILTIN_TEMPLATES_DIR,
      makeProject({ 'src/appgen/types/[model].ts.hbs': `{{${DIRECT_HELPERS}}}` }),
    );
    let error: unknown;
    try {
      set.render('src/appgen/types/[model].ts.hbs', { name: 'User', fields: [] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TemplateError);
    expect((error as TemplateError).message).toMatch(
      /\[model\]\.ts\.hbs: line 1, column 3: "appgenDirectHelpers" is appgen's own helper, not one a template may use/,
    );
  });
});
