import { PRINT_WIDTH } from './layoutLiteral';

/**
 * A `//` comment holding `text` (one paragraph, written on one line) at `indent`, its words filled
 * into lines of at most prettier's print width (100), as people wrap a long comment (issue 51):
 * each line takes as many words as fit, the next word starts the next line. A word longer than a
 * line stays whole, on a line of its own. `marker` starts each line instead of `// ` (` * ` in a
 * JSDoc comment).
 */
export function wrapComment(text: string, indent: number, marker = '// '): string {
  const lead = `${' '.repeat(indent)}${marker}`;
  const lines: string[] = [];
  for (const word of text.trim().split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${lead}${last} ${word}`.length <= PRINT_WIDTH)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.map((line) => `${lead}${line}`.trimEnd()).join('\n');
}
