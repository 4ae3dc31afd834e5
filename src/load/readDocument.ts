import fs from 'fs';
import path from 'path';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { ConfigDocument, ConfigKind } from './configDocument';
import { parseJson } from './parseJson';
import { JsonSyntaxError } from './parseJsonWithPositions';

/** Reads and parses one config file; invalid JSON goes to `problems` (located) and gives undefined. */
export function readDocument(
  root: string,
  file: string,
  kind: ConfigKind,
  problems: Diagnostic[],
): ConfigDocument | undefined {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  try {
    const parsed = parseJson(text);
    // Positions stay lazy: they are computed only when a diagnostic asks for one.
    return {
      kind,
      file,
      value: parsed.value,
      get positions() {
        return parsed.positions;
      },
    };
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    problems.push({
      file,
      jsonPath: '',
      location: error.location,
      message: error.hint ? error.message : `invalid JSON: ${error.message}`,
      hint:
        error.hint ??
        'config files are strict JSON: double-quoted names and strings, no comments, no trailing commas.',
    });
    return undefined;
  }
}
