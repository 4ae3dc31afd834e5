import { loadSettings } from '../../../src/load/loadSettings';
import { checkSettings } from '../../../src/validate/checkSettings';
import crypto from 'crypto';
import fs from 'fs';
import path from 'path';
import { generateProject } from '../../../src/generate/generateProject';
import {
  cachedGeneration,
  CACHE_DIR,
  lookUpAgain,
  lookUpCache,
} from '../../../src/generate/runCache';
import { writePlanned } from '../../../src/generate/runGenerate';
import type { CommandContext } from '../../../src/project/commandContext';
import { BUILTIN_TEMPLATES_DIR } from '../../../src/paths/packageRoot';
import { RenderMemo } from '../../../src/render/renderMemo';
import { goldenOptions } from '../support/generateOptions';
import { GOLDEN_DIR } from '../support/paths';
import { makeTempDir, readTree, removeTempProjects } from '../support/tempProject';

/**
 * The generation cache (src/generate/runCache.ts) is an optimisation only: a project generated
 * with it and the same project generated without it (no cache at all) end with the same tree,
 * the same output and the same warnings, whatever happened in between, including a damaged,
 * wrong or deleted cache.
 */

afterAll(removeTempProjects);

const CACHE_FILE = `${CACHE_DIR}/generate.json`;

/**
 * `act()` with `fs[name]` spied on: its result and the calls, taken before the spy is restored
 * (restoring clears a spy's calls).
 */
function spying<T>(
  name: 'readFileSync' | 'statSync',
  act: () => T,
): { result: T; calls: unknown[][] } {
  const spy = jest.spyOn(fs, name);
  try {
    const result = act();
    return { result, calls: spy.mock.calls.map((call) => [...call]) };
  } finally {
    spy.mockRestore();
  }
}

const cases = fs
  .readdirSync(GOLDEN_DIR)
  .filter((name) => fs.existsSync(path.join(GOLDEN_DIR, name, 'config')))
  .sort();

/** A project holding a golden case's config (not its expected/ tree). */
function projectOf(name: string): string {
  const root = makeTempDir('appgen-cache-');
  const source = path.join(GOLDEN_DIR, name);
  for (const entry of ['config', 'appgen.config.json', 'golden.json', 'templates']) {
    if (fs.existsSync(path.join(source, entry)))
      fs.cpSync(path.join(source, entry), path.join(root, entry), { recursive: true });
  }
  return root;
}

interface Run {
  exitCode?: number;
  error?: string;
  log: string[];
  warnings: string[];
  /** Whether the cache answered (load, validate, map and render were skipped). */
  hit: boolean;
}

/** `appgen generate` as runGenerate does it, with or without the cache; output collected. */
function generate(root: string, useCache: boolean): Run {
  const options = goldenOptions(root);
  const run: Run = { log: [], warnings: [], hit: false };
  const loaded = loadSettings(root);
  const context: CommandContext = {
    root,
    env: {},
    settings: { loaded, checked: checkSettings(loaded.document) },
    orm: 'prisma',
    database: {
      url: options.defaultDatabaseUrl,
      ...options,
      defaultUrl: options.defaultDatabaseUrl,
    },
    log: (line) => run.log.push(line.split(root).join('<root>')),
  };
  try {
    run.hit =
      useCache && cachedGeneration(root, lookUpCache(root, { root, ...options })) !== undefined;
    const result = generateProject({
      root,
      ...options,
      dryRun: true,
      cache: useCache,
      warn: (text) => run.warnings.push(text.split(root).join('<root>')),
    });
    run.exitCode = writePlanned(context, result);
  } catch (error) {
    run.error = (error as Error).message.split(root).join('<root>');
  }
  return run;
}

const treeOf = (root: string) =>
  Object.fromEntries(readTree(root, { exclude: (relative) => relative === CACHE_DIR }));

/** Both runs gave the same answer and left the same tree; returns whether the cached one hit. */
function expectSame(cached: string, uncached: string): boolean {
  const a = generate(cached, true);
  const b = generate(uncached, false);
  const { hit, ...answer } = a;
  const { hit: _never, ...expected } = b;
  expect(answer).toEqual(expected);
  expect(treeOf(cached)).toEqual(treeOf(uncached));
  return hit;
}

describe.each(cases)('golden case %s', (name) => {
  it('gives the same tree, output and warnings with the cache as without it', () => {
    const cached = projectOf(name);
    const uncached = projectOf(name);
    expect(expectSame(cached, uncached)).toBe(false);
    // The re-run is answered by the cache, and still matches a run without one.
    expect(expectSame(cached, uncached)).toBe(true);
    expect(fs.existsSync(path.join(cached, CACHE_FILE))).toBe(true);
    expect(fs.existsSync(path.join(uncached, CACHE_DIR))).toBe(false);
  });
});

/** A small seeded generator (mulberry32): the same edit sequence on every run of the test. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An edit gets the step's own picker: the cached and the uncached copy see the same choices. */
type Pick = <T>(list: T[]) => T;
type Edit = (root: string, step: number, pick: Pick) => void;

const pickerOf =
  (next: () => number): Pick =>
  (list) =>
    list[Math.floor(next() * list.length)];

function listFiles(root: string, folder: string): string[] {
  return [...readTree(path.join(root, folder)).keys()].map((file) => `${folder}/${file}`);
}

function editJson(root: string, file: string, change: (value: Record<string, unknown>) => void) {
  const target = path.join(root, file);
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(fs.readFileSync(target, 'utf8'));
  } catch {
    return; // broken on purpose by an earlier step
  }
  change(value);
  fs.writeFileSync(target, `${JSON.stringify(value, null, 2)}\n`);
}

function generatedFiles(root: string): string[] {
  try {
    return Object.keys(
      JSON.parse(fs.readFileSync(path.join(root, '.appgen/manifest.json'), 'utf8')).generated,
    );
  } catch {
    return [];
  }
}

/** Edits of the project, applied alike to the cached and the uncached copy. */
function projectEdits(): Record<string, Edit> {
  return {
    'add a field to a model': (root, step, pick) => {
      const file = pick(listFiles(root, 'config/models'));
      editJson(root, file, (model) => {
        (model.fields as Record<string, unknown>)[`extra${step}`] = {
          type: 'string',
          optional: true,
        };
      });
    },
    'add a route': (root, step, pick) => {
      const models = listFiles(root, 'config/models').map((f) => path.basename(f, '.json'));
      const file = pick(listFiles(root, 'config/routes'));
      editJson(root, file, (routes) => {
        (routes.routes as unknown[]).push({
          method: 'GET',
          path: `/api/extra${step}`,
          response: `${pick(models)}[]`,
        });
      });
    },
    'remove a route': (root, _step, pick) => {
      const file = pick(listFiles(root, 'config/routes'));
      editJson(root, file, (routes) => {
        if ((routes.routes as unknown[]).length > 1) (routes.routes as unknown[]).pop();
      });
    },
    'retitle a view (or rename a model field in a routes file)': (root, step, pick) => {
      const views = listFiles(root, 'config/views');
      if (views.length) {
        editJson(root, pick(views), (view) => {
          view.title = `Title ${step}`;
        });
        return;
      }
      const file = pick(listFiles(root, 'config/routes'));
      editJson(root, file, (routes) => {
        const list = routes.routes as Array<Record<string, unknown>>;
        if (list.length) list[0].path = `${String(list[0].path)}/v${step}`;
      });
    },
    'break a config file': (root, _step, pick) => {
      const file = pick(listFiles(root, 'config/models'));
      fs.appendFileSync(path.join(root, file), '}');
    },
    'delete a generated file': (root, _step, pick) => {
      const files = generatedFiles(root);
      if (files.length) fs.rmSync(path.join(root, pick(files)), { force: true });
    },
    'edit a generated file': (root, step, pick) => {
      const files = generatedFiles(root).filter((f) => fs.existsSync(path.join(root, f)));
      if (files.length) fs.appendFileSync(path.join(root, pick(files)), `\n// edit ${step}\n`);
    },
    'take a generated file over (remove its header)': (root, _step, pick) => {
      const files = generatedFiles(root).filter((f) => fs.existsSync(path.join(root, f)));
      if (!files.length) return;
      const target = path.join(root, pick(files));
      const text = fs.readFileSync(target, 'utf8');
      fs.writeFileSync(target, `${text.slice(text.indexOf('\n') + 1)}// mine\n`);
    },
    'leave a stale generated file': (root, step) => {
      const target = path.join(root, `src/app/api/stale${step}/route.ts`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, '// Generated by appgen from config/. Do not edit.\nexport {};\n');
    },
    'override a template': (root, step) => {
      const template = 'src/app/layout.tsx.hbs';
      const target = path.join(root, 'templates', template);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const builtin = fs.readFileSync(path.join(BUILTIN_TEMPLATES_DIR, template), 'utf8');
      fs.writeFileSync(target, `${builtin}{{!-- override ${step} --}}\n`);
    },
    'add an unused template file (a warning)': (root, step) => {
      const target = path.join(root, 'templates', `unused${step}.hbs`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, 'nothing');
    },
    'remove the project templates': (root) => {
      fs.rmSync(path.join(root, 'templates'), { recursive: true, force: true });
    },
    'add or remove an own middleware file': (root) => {
      const target = path.join(root, 'middleware.ts');
      if (fs.existsSync(target)) fs.rmSync(target);
      else fs.writeFileSync(target, 'export function middleware() {}\n');
    },
    'add or remove an own instrumentation file': (root) => {
      const target = path.join(root, 'instrumentation.ts');
      if (fs.existsSync(target)) fs.rmSync(target);
      else fs.writeFileSync(target, 'export function register() {}\n');
    },
    'restore the config': (root) => {
      fs.rmSync(path.join(root, 'config'), { recursive: true, force: true });
      fs.cpSync(path.join(root, '..', path.basename(root) + '.config'), path.join(root, 'config'), {
        recursive: true,
      });
    },
  };
}

/** What can happen to the cache itself (the uncached copy has none). */
function cacheEdits(): Record<string, Edit> {
  const file = (root: string) => path.join(root, CACHE_FILE);
  const rewrite = (root: string, change: (value: Record<string, unknown>) => void) => {
    if (!fs.existsSync(file(root))) return;
    const text = fs.readFileSync(file(root), 'utf8');
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(text.slice(text.indexOf('\n') + 1));
    } catch {
      return; // damaged by an earlier step already: nothing consistent to rewrite
    }
    change(value);
    const body = JSON.stringify(value);
    const sum = crypto.createHash('sha256').update(body).digest('hex');
    fs.writeFileSync(file(root), `${sum}\n${body}`);
  };
  /** The stored files that carry a render record. */
  const rendered = (value: Record<string, unknown>) =>
    (value.files as Array<{ render?: [string, number] }>).filter((f) => f.render);
  return {
    'delete the cache': (root) =>
      fs.rmSync(path.join(root, CACHE_DIR), { recursive: true, force: true }),
    'truncate the cache': (root) => {
      if (fs.existsSync(file(root)))
        fs.truncateSync(file(root), Math.floor(fs.statSync(file(root)).size / 2));
    },
    'overwrite the cache with garbage': (root, _step, pick) => {
      fs.mkdirSync(path.dirname(file(root)), { recursive: true });
      fs.writeFileSync(file(root), pick(['', '\n', 'x\n{}', '{"format":1}', '\u0000\u0001']));
    },
    'damage the cache (checksum no longer matches)': (root) => {
      if (!fs.existsSync(file(root))) return;
      const text = fs.readFileSync(file(root), 'utf8');
      fs.writeFileSync(
        file(root),
        text.replace(/[0-9a-f]{64}/g, (hash, offset) =>
          offset > 0 ? hash.split('').reverse().join('') : hash,
        ),
      );
    },
    'a wrong hash in a consistent cache': (root, _step, pick) => {
      rewrite(root, (value) => {
        const files = (value.files as Array<{ owner: string; value: string }>).filter(
          (f) => f.owner === 'generated',
        );
        if (files.length) pick(files).value = '0'.repeat(64);
      });
    },
    'a wrong render key': (root, _step, pick) => {
      rewrite(root, (value) => {
        const files = rendered(value);
        if (files.length) pick(files).render![0] = '0'.repeat(64);
      });
    },
    'render records of two files swapped': (root, _step, pick) => {
      rewrite(root, (value) => {
        const files = rendered(value);
        if (files.length < 2) return;
        const [a, b] = [pick(files), pick(files)];
        [a.render, b.render] = [b.render, a.render];
      });
    },
    'other reads for a file': (root, _step, pick) => {
      rewrite(root, (value) => {
        const reads = value.reads as string[][];
        reads.push(pick([[], ['orm'], ['models', 'provider']]));
        const files = rendered(value);
        if (files.length) pick(files).render![1] = reads.length - 1;
      });
    },
    'a cache of another shape': (root, _step, pick) => {
      rewrite(root, (value) => {
        value.files = pick([null, 3, [{ path: 1 }], [{ path: 'a', owner: 'x', value: '' }]]);
      });
    },
  };
}

describe('a seeded random sequence of edits', () => {
  it.each([
    ['blog', 20261125],
    ['forum-drizzle', 7],
    ['links-drizzle-postgres', 42],
  ])(
    '%s (seed %d): every step gives the same result with the cache as without it',
    (name, seed) => {
      const next = random(seed);
      const pick = pickerOf(next);
      const cached = projectOf(name);
      const uncached = projectOf(name);
      for (const root of [cached, uncached])
        fs.cpSync(path.join(root, 'config'), `${root}.config`, { recursive: true });
      const edits = projectEdits();
      const damage = cacheEdits();
      const hits: string[] = [];
      expectSame(cached, uncached);
      for (let step = 0; step < 24; step++) {
        // Half the steps change nothing: the cache must answer those (and still match).
        const kind = next();
        let label = 'no change';
        if (kind < 0.35) {
          label = pick(Object.keys(edits));
          edits[label](cached, step, pickerOf(random(seed + step)));
          edits[label](uncached, step, pickerOf(random(seed + step)));
        } else if (kind < 0.5) {
          label = pick(Object.keys(damage));
          damage[label](cached, step, pickerOf(random(seed + step)));
        }
        try {
          if (expectSame(cached, uncached)) hits.push(label);
        } catch (error) {
          throw new Error(`step ${step} (${label}): ${(error as Error).message}`, {
            cause: error,
          });
        }
      }
      expect(hits).toContain('no change');
      fs.rmSync(`${cached}.config`, { recursive: true, force: true });
      fs.rmSync(`${uncached}.config`, { recursive: true, force: true });
    },
  );
});

describe('files whose size and modification time have not changed since the cache was written', () => {
  /** Makes every file look older than the cache, as it is a moment after a generation. */
  const ageCache = (root: string) => {
    const future = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, CACHE_FILE), future, future);
  };
  /** A case generated twice with and without the cache, the cached copy's files all older than its cache. */
  const settled = (name: string): [string, string] => {
    const cached = projectOf(name);
    const uncached = projectOf(name);
    expectSame(cached, uncached);
    expectSame(cached, uncached);
    ageCache(cached);
    return [cached, uncached];
  };
  const generatedPaths = (root: string) =>
    Object.keys(
      JSON.parse(fs.readFileSync(path.join(root, '.appgen/manifest.json'), 'utf8')).generated,
    );

  it('are not read again, and the result is the same as without the cache', () => {
    const cached = projectOf('minimal');
    const uncached = projectOf('minimal');
    expectSame(cached, uncached);
    expect(expectSame(cached, uncached)).toBe(true); // reads the racy files, stores their stats
    ageCache(cached);
    const outputs = new Set(generatedPaths(cached).map((file) => path.join(cached, file)));
    const { result: run, calls: reads } = spying('readFileSync', () => generate(cached, true));
    expect(run.hit).toBe(true);
    // The config files are read (hashed once more, then the stats are stored): the spy sees calls.
    expect(reads.length).toBeGreaterThan(0);
    const readOutputs = reads.filter(([file]) => typeof file === 'string' && outputs.has(file));
    expect(readOutputs).toEqual([]);
    expect(expectSame(cached, uncached)).toBe(true);
  });

  it('are read again when the size or the modification time changed, and an edit is seen', () => {
    const [cached, uncached] = settled('minimal');
    // Same size, another modification time: the content is read, the edit found and undone.
    const file = 'src/app/layout.tsx';
    for (const root of [cached, uncached]) {
      const target = path.join(root, file);
      const text = fs.readFileSync(target, 'utf8');
      fs.writeFileSync(target, text.replace('appgen app', 'appgen APP'));
      const past = new Date(Date.now() - 120_000);
      fs.utimesSync(target, past, past);
    }
    expect(expectSame(cached, uncached)).toBe(false);
    expect(fs.readFileSync(path.join(cached, file), 'utf8')).toContain('appgen app');
    // An edited config file with its size kept is seen too (its modification time changed).
    for (const root of [cached, uncached]) {
      const target = path.join(root, 'config/views/login.json');
      fs.writeFileSync(target, fs.readFileSync(target, 'utf8').replace('Log in', 'Log on'));
    }
    expect(expectSame(cached, uncached)).toBe(false);
    expect(fs.readFileSync(path.join(cached, 'src/app/login/page.tsx'), 'utf8')).toContain(
      'Log on',
    );
  });

  it('keep the true hash in the manifest when a consistent cache holds a wrong one', () => {
    const [cached, uncached] = settled('forum-drizzle');
    const wrong = (root: string, step: number) =>
      cacheEdits()['a wrong hash in a consistent cache'](root, step, (list) => list[0]);
    wrong(cached, 0);
    // A hit (the file is not read: the manifest disagrees, so it is hashed) ...
    expect(expectSame(cached, uncached)).toBe(true);
    // ... and a run that plans again after a change (the file's content is read then).
    for (const root of [cached, uncached]) {
      const target = path.join(root, 'src/app/api/stale/route.ts');
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, '// Generated by appgen from config/. Do not edit.\nexport {};\n');
    }
    expect(expectSame(cached, uncached)).toBe(true);
  });

  it('are trusted when a tool rewrites one keeping its size and modification time (documented): deleting the cache finds it', () => {
    const cached = projectOf('minimal');
    const target = path.join(cached, 'src/app/layout.tsx');
    generate(cached, true);
    // A whole second, which utimes sets exactly (the cache compares mtimes to the sub-millisecond).
    const then = new Date(Math.floor(Date.now() / 1000) * 1000 - 120_000);
    fs.utimesSync(target, then, then);
    generate(cached, true); // reads it (its mtime changed) and stores its stats
    ageCache(cached);
    fs.writeFileSync(target, fs.readFileSync(target, 'utf8').replace('appgen app', 'appgen APP'));
    fs.utimesSync(target, then, then);
    expect(generate(cached, true).hit).toBe(true);
    expect(fs.readFileSync(target, 'utf8')).toContain('appgen APP');
    fs.rmSync(path.join(cached, CACHE_DIR), { recursive: true });
    expect(generate(cached, true).hit).toBe(false);
    expect(fs.readFileSync(target, 'utf8')).toContain('appgen app');
  });
});

describe('a run after a change renders only the outputs whose inputs changed', () => {
  /** Runs `generate` noting the outputs rendered through the memo (the others came from disk). */
  function renderedBy(root: string): { run: Run; rendered: string[] } {
    const render = jest.spyOn(RenderMemo.prototype, 'render');
    try {
      const run = generate(root, true);
      return { run, rendered: render.mock.calls.map(([, output]) => output.path).sort() };
    } finally {
      render.mockRestore();
    }
  }
  const addField = (root: string) =>
    editJson(root, 'config/models/Tag.json', (model) => {
      (model.fields as Record<string, unknown>).colour = { type: 'string', optional: true };
    });

  it('a field added to one model: its outputs and those reading every model, the same tree as without the cache', () => {
    const cached = projectOf('blog');
    const uncached = projectOf('blog');
    expectSame(cached, uncached);
    addField(cached);
    addField(uncached);
    const { run, rendered } = renderedBy(cached);
    expect(run.hit).toBe(false);
    expect(rendered).toEqual(
      expect.arrayContaining(['prisma/schema.prisma', 'src/appgen/types/Tag.ts']),
    );
    // Pages and the routes of other models read nothing that changed.
    expect(rendered).not.toContain('src/app/posts/page.tsx');
    expect(rendered).not.toContain('src/app/api/users/route.ts');
    // The client and types/index.ts only name the models (modelNames): not rendered either.
    expect(rendered).not.toContain('src/appgen/client.ts');
    expect(rendered).not.toContain('src/appgen/types/index.ts');
    expect(rendered.length).toBeLessThan(generatedFiles(cached).length / 3);
    // The same answer and tree as a run without the cache; the next run is a hit.
    expect(generate(uncached, false)).toEqual({ ...run, hit: false });
    expect(treeOf(cached)).toEqual(treeOf(uncached));
    expect(expectSame(cached, uncached)).toBe(true);
  });

  it('a generated file edited or removed meanwhile is rendered again, even when its inputs are the same', () => {
    const cached = projectOf('blog');
    const uncached = projectOf('blog');
    expectSame(cached, uncached);
    for (const root of [cached, uncached]) {
      addField(root);
      fs.appendFileSync(path.join(root, 'src/app/posts/page.tsx'), '// edited\n');
      fs.rmSync(path.join(root, 'src/app/api/users/route.ts'));
    }
    const { rendered } = renderedBy(cached);
    expect(rendered).toEqual(
      expect.arrayContaining(['src/app/api/users/route.ts', 'src/app/posts/page.tsx']),
    );
    generate(uncached, false);
    expect(treeOf(cached)).toEqual(treeOf(uncached));
  });

  it('a file taken from disk is stat-ed once (its stats are stored as checked), and the run after is a hit that reads no output', () => {
    const cached = projectOf('blog');
    const uncached = projectOf('blog');
    expectSame(cached, uncached);
    expectSame(cached, uncached); // reads the racy files, stores their stats
    const future = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(cached, CACHE_FILE), future, future);
    addField(cached);
    addField(uncached);
    const outputs = new Set(generatedFiles(cached).map((file) => path.join(cached, file)));
    const { result: rendered, calls } = spying('statSync', () => renderedBy(cached).rendered);
    const stats = new Map<string, number>();
    for (const [file] of calls)
      if (typeof file === 'string' && outputs.has(file))
        stats.set(file, (stats.get(file) ?? 0) + 1);
    const reused = [...outputs].filter((file) => !rendered.includes(path.relative(cached, file)));
    expect(reused.length).toBeGreaterThan(10);
    for (const file of reused) expect([file, stats.get(file)]).toEqual([file, 1]);
    // The stored stats hold: with the cache aged past the written files, nothing is read.
    generate(uncached, false);
    expect(treeOf(cached)).toEqual(treeOf(uncached));
    fs.utimesSync(path.join(cached, CACHE_FILE), future, future);
    const { result: run, calls: reads } = spying('readFileSync', () => generate(cached, true));
    expect(run.hit).toBe(true);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter(([file]) => typeof file === 'string' && outputs.has(file))).toEqual([]);
  });

  it('a changed template renders every output again', () => {
    const cached = projectOf('blog');
    generate(cached, true);
    addField(cached);
    const target = path.join(cached, 'templates', 'partials/handler/csrf.hbs');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(
      target,
      `${fs.readFileSync(path.join(BUILTIN_TEMPLATES_DIR, 'partials/handler/csrf.hbs'), 'utf8')}`,
    );
    const { rendered } = renderedBy(cached);
    // All but the user-owned files and the two never memoised: the OpenAPI document and the
    // bodies' module (their keys would cost more than rendering them).
    expect(rendered.length).toBe(generatedFiles(cached).length - 2);
    expect(rendered).not.toContain('src/appgen/bodies.ts');
  });
});

describe('the key taken again after the pipeline (lookUpAgain)', () => {
  /** Every config file of the project, aged `seconds` into the past (models first). */
  function aged(root: string, seconds: number): string[] {
    const files = fs
      .readdirSync(path.join(root, 'config'), { recursive: true, encoding: 'utf8' })
      .map((name) => path.join(root, 'config', name))
      .filter((file) => fs.statSync(file).isFile())
      .sort((a, b) => Number(b.includes('/models/')) - Number(a.includes('/models/')));
    const past = new Date(Date.now() - seconds * 1000);
    for (const file of files) fs.utimesSync(file, past, past);
    return files;
  }

  it('reads no input the first lookup hashed that is older than the run', () => {
    const root = projectOf('blog');
    const configFiles = aged(root, 60);
    const options = { root, ...goldenOptions(root) };
    const first = lookUpCache(root, options);
    const { result: again, calls } = spying('readFileSync', () => lookUpAgain(options, first));
    expect(again.key).toBe(first.key);
    expect(again.reread).toBe(false);
    expect(calls.filter(([file]) => configFiles.includes(String(file)))).toEqual([]);
  });

  it('sees a change made during the run, even one that keeps the size', () => {
    const root = projectOf('blog');
    const [file] = aged(root, 60);
    const options = { root, ...goldenOptions(root) };
    const first = lookUpCache(root, options);
    const text = fs.readFileSync(file, 'utf8');
    // Same length, other content: only the mtime tells (it is now, after the run began).
    fs.writeFileSync(
      file,
      text.replace(/"(\w)/, (_, c: string) => `"${c === 'x' ? 'y' : 'x'}`),
    );
    expect(fs.statSync(file).size).toBe(text.length);
    const again = lookUpAgain(options, first);
    expect(again.key).not.toBe(first.key);
    expect(again.reread).toBe(true);
  });

  it('reads again a file written just before the run began (a coarse clock may date a later write so)', () => {
    const root = projectOf('blog');
    const options = { root, ...goldenOptions(root) };
    const [file] = aged(root, 60);
    const justBefore = new Date(Date.now() - 10);
    fs.utimesSync(file, justBefore, justBefore);
    const first = lookUpCache(root, options);
    const { calls } = spying('readFileSync', () => lookUpAgain(options, first));
    expect(calls.map(([read]) => String(read))).toContain(file);
  });
});
