import { Transform } from 'stream';

/** What `next dev` writes each time it stops: "show the cursor", then a newline. */
const SHOW_CURSOR = '\u001b[?25h';

/**
 * Removes `next dev`'s show-cursor sequence (and the newline after it) from its output. It
 * restores a terminal's cursor when the server stops, but `appgen dev` stops it at the end and
 * restarts it where a model change needs it (runDevServer.ts, restartReason), and in a log file or
 * CI output the sequence is a stray `ESC[?25h` line.
 * A sequence split across two chunks is held back until the next chunk.
 */
export function stripCursorCodes(): Transform {
  let pending = '';
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let text = (pending + chunk.toString('utf8'))
        .split(`${SHOW_CURSOR}\r\n`)
        .join('')
        .split(`${SHOW_CURSOR}\n`)
        .join('');
      // Keep a tail that could be the start of the sequence (or the sequence awaiting its newline).
      const start = text.lastIndexOf('\u001b');
      pending =
        start >= 0 && (SHOW_CURSOR + '\n').startsWith(text.slice(start)) ? text.slice(start) : '';
      text = pending ? text.slice(0, start) : text;
      done(null, text.split(SHOW_CURSOR).join(''));
    },
    flush(done) {
      done(null, pending.split(SHOW_CURSOR).join(''));
    },
  });
}
