import crypto from 'crypto';
import type { PlannedFile } from './fileMap';
import type { TemplateOutput } from './templateRegistry';
import { sha256Hex } from '../hash/sha256Hex';

/**
 * How one generated output was rendered: a key over everything its rendering read, and the
 * properties of the project context it read (`*`: the list of them).
 */
export interface RenderRecord {
  key: string;
  reads: readonly string[];
}

/** A file's size and modification time, as a stat call gives them. */
export interface FileStat {
  size: number;
  mtimeMs: number;
}

/** A generated file on disk that still holds what was generated. */
export interface FileOnDisk {
  planned: PlannedFile;
  header: boolean;
  /** Its size and mtime when they showed it unchanged (it was not read): stored again as they are. */
  stat?: FileStat;
}

/** An output of the last generation: how it was rendered, and its file if it is still as written. */
export interface PreviousOutput {
  record: RenderRecord;
  /** The file on disk when it still holds what was generated; else undefined. */
  onDisk(): FileOnDisk | undefined;
}

/** The read that stands for the list of the project's properties (a template enumerated them). */
const KEYS = '*';

/** The project context behind a proxy that notes, by name, every property the templates touch. */
function tracked(project: object, reads: Set<string>): object {
  const note = (key: string | symbol): void => {
    if (typeof key === 'string') reads.add(key);
  };
  return new Proxy(project, {
    get(target, key, receiver) {
      note(key);
      return Reflect.get(target, key, receiver);
    },
    has(target, key) {
      note(key);
      return Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      note(key);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys(target) {
      reads.add(KEYS);
      return Reflect.ownKeys(target);
    },
  });
}

/**
 * Renders only the outputs whose inputs changed since the last generation (src/generate/runCache.ts
 * keeps the records between runs). An output's key hashes the template set (`salt`: appgen's code,
 * the built-in and project templates, Node's version), the template, path and sources, the output's
 * own context (everything but the project context it embeds), and the value of each property of
 * the project context that its last rendering read. Rendering is a pure function of what it reads,
 * so an equal key means an equal file: the file on disk is reused, if it still holds what was
 * written. Values are compared as JSON that keeps what rendering tells apart (`undefined` and a
 * missing property, the order of properties, non-finite numbers); a context holding anything
 * but plain data (a function, a Date, a Map, a cycle) has no key and is always rendered.
 * (`v8.serialize` was tried first: it encodes how V8 happens to store a value, a small integer or
 * a double, so equal contexts often had different keys.)
 */
export class RenderMemo {
  /** The record of every generated output of this run, for the next. */
  readonly records = new Map<string, RenderRecord>();
  /** Outputs taken from disk, with whether each starts with appgen's header. */
  readonly reused = new Map<string, boolean>();
  /** Of those, the size and mtime of each one its stats showed unchanged (not read). */
  readonly verified = new Map<string, FileStat>();
  private readonly digests = new Map<string, string | undefined>();
  private project?: object;

  constructor(
    /** A hash of what rendering depends on besides the context: appgen's code, every template. */
    readonly salt: string,
    private readonly previous: ReadonlyMap<string, PreviousOutput>,
  ) {}

  /** The project context of this run: one per memo (its properties' digests are kept). */
  private use(project: object): void {
    this.project ??= project;
    if (project !== this.project) throw new Error('a RenderMemo serves one project context');
  }

  /** The file as the last generation wrote it, when nothing it was rendered from has changed. */
  reuse(template: string, output: TemplateOutput, project: object): PlannedFile | undefined {
    this.use(project);
    const previous = this.previous.get(output.path);
    if (!previous) return undefined;
    if (this.keyOf(template, output, previous.record.reads) !== previous.record.key)
      return undefined;
    const file = previous.onDisk();
    if (!file) return undefined;
    this.records.set(output.path, previous.record);
    this.reused.set(output.path, file.header);
    if (file.stat) this.verified.set(output.path, file.stat);
    return file.planned;
  }

  /** `render(context)` with the project context tracked; records the output for the next run. */
  render(
    template: string,
    output: TemplateOutput,
    project: object,
    render: (context: object) => string,
  ): string {
    this.use(project);
    const reads = new Set<string>();
    const proxy = tracked(project, reads);
    const { context } = output;
    const body = render(
      context === project
        ? proxy
        : (context as { project?: unknown }).project === project
          ? { ...context, project: proxy }
          : context,
    );
    // A template that enumerated the project context (Handlebars copies the context into a
    // partial called with arguments) depends on all of it: hashing every property costs more
    // than rendering it.
    if (reads.has(KEYS)) return body;
    const sorted = [...reads].sort();
    const key = this.keyOf(template, output, sorted);
    if (key !== undefined) this.records.set(output.path, { key, reads: sorted });
    return body;
  }

  private keyOf(
    template: string,
    output: TemplateOutput,
    reads: readonly string[],
  ): string | undefined {
    const hash = crypto.createHash('sha256');
    hash.update(`${this.salt}\0${template}\0${output.path}\0${JSON.stringify(output.sources)}\0`);
    const { context } = output;
    if (context !== this.project) {
      const { project, ...own } = context as { project?: unknown };
      const serialized = serialize(project === this.project ? own : context);
      if (serialized === undefined) return undefined;
      hash.update(serialized);
    }
    for (const read of reads) {
      const digest = this.digestOf(read);
      if (digest === undefined) return undefined;
      hash.update(`\0${read}\0${digest}`);
    }
    return hash.digest('hex');
  }

  /** One property of the project context, hashed once per run (many outputs read the same). */
  private digestOf(read: string): string | undefined {
    if (!this.digests.has(read)) {
      const project = this.project as Record<string, unknown>;
      const value =
        read === KEYS
          ? serialize(Reflect.ownKeys(project).map(String))
          : read in project
            ? serialize(project[read])
            : 'absent';
      this.digests.set(read, value && sha256Hex(value));
    }
    return this.digests.get(read);
  }
}

const MARK = '\u0000';

/** An object of Object's own making (a literal or `Object.create(null)`), not a class instance. */
function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** JSON.stringify's replacer for `serialize`: sees each value as the holder has it (before toJSON). */
function plainData(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  switch (typeof raw) {
    case 'undefined':
      return `${MARK}undefined`;
    case 'number':
      return Number.isFinite(raw) ? raw : `${MARK}${raw}`;
    case 'string':
    case 'boolean':
      return value;
    case 'object': {
      if (raw === null || Array.isArray(raw) || isPlainObject(raw)) return value;
      throw new Error('not plain data');
    }
    default:
      throw new Error('not plain data');
  }
}

/**
 * Whether JSON.stringify alone keeps every difference `plainData` keeps: only strings, booleans,
 * finite numbers, null, arrays and plain objects, nothing undefined. Then both give the same text,
 * and JSON.stringify without a replacer is about twice as fast (most contexts are such data).
 */
function isJsonAsIs(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!isJsonAsIs(value[i])) return false;
        return true;
      }
      if (!isPlainObject(value)) return false;
      for (const key in value)
        if (!isJsonAsIs((value as Record<string, unknown>)[key])) return false;
      return true;
    }
    default:
      return false;
  }
}

/** A value as text that differs whenever rendering could tell two values apart; undefined if not plain data. */
function serialize(value: unknown): string | undefined {
  try {
    return isJsonAsIs(value) ? JSON.stringify(value) : JSON.stringify(value, plainData);
  } catch {
    // Not plain data, or a cycle (the walk above overflows the stack): no key, the output is
    // always rendered.
    return undefined;
  }
}
