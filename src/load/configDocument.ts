import type { ValuePosition } from './parseJsonWithPositions';

export type ConfigKind = 'model' | 'routes' | 'view' | 'settings';

/** One parsed config file, with positions kept so later stages can point at lines. */
export interface ConfigDocument {
  kind: ConfigKind;
  /** Relative to the project root, forward slashes, e.g. `config/models/User.json`. */
  file: string;
  value: unknown;
  positions: Map<string, ValuePosition>;
}

/** Every config file of a project, grouped by kind and sorted by file name. */
export interface LoadedProject {
  root: string;
  settings?: ConfigDocument;
  models: ConfigDocument[];
  routes: ConfigDocument[];
  views: ConfigDocument[];
}
