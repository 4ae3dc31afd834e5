import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ValuePosition } from './parseJsonWithPositions';

export type ConfigKind = 'model' | 'routes' | 'view' | 'events' | 'jobs' | 'settings';

/** One parsed config file, with positions kept so later stages can point at lines. */
export interface ConfigDocument {
  kind: ConfigKind;
  /** Relative to the project root, forward slashes, e.g. `config/models/User.json`. */
  file: string;
  value: unknown;
  /** Computed when first read (by a diagnostic): copy a document by reference, not by spreading it. */
  readonly positions: Map<string, ValuePosition>;
}

/** Every config file of a project, grouped by kind and sorted by file name. */
export interface LoadedProject {
  root: string;
  settings?: ConfigDocument;
  models: ConfigDocument[];
  routes: ConfigDocument[];
  views: ConfigDocument[];
  events: ConfigDocument[];
  jobs: ConfigDocument[];
  /**
   * Files that could not be read as config (invalid JSON, not a .json file). Validation reports
   * them together with the problems it finds in the other files.
   */
  problems: Diagnostic[];
}
