import { Readable } from 'stream';
import { stripCursorCodes } from '../../../src/dev/stripCursorCodes';

async function through(chunks: string[]): Promise<string> {
  let out = '';
  const stream = Readable.from(chunks.map((c) => Buffer.from(c))).pipe(stripCursorCodes());
  for await (const chunk of stream) out += String(chunk);
  return out;
}

// What next dev writes when appgen dev restarts it (seen with Next.js 16.4 on a model change).
const RESTART = '✓ Ready in 2.3s\n\u001b[?25h\n\u001b[1m▲ Next.js 16.4.6\u001b[22m\n';

describe('next dev output in a log', () => {
  it('loses the show-cursor line of each restart and keeps everything else, colours included', async () => {
    await expect(through([RESTART])).resolves.toBe(
      '✓ Ready in 2.3s\n\u001b[1m▲ Next.js 16.4.6\u001b[22m\n',
    );
  });

  it('also when the sequence is split across chunks', async () => {
    const at = RESTART.indexOf('?25h');
    await expect(
      through([RESTART.slice(0, at), RESTART.slice(at, at + 4), RESTART.slice(at + 4)]),
    ).resolves.toBe('✓ Ready in 2.3s\n\u001b[1m▲ Next.js 16.4.6\u001b[22m\n');
    await expect(through(['text \u001b', '[?25h'])).resolves.toBe('text ');
    await expect(through(['keeps \u001b[', '32mgreen'])).resolves.toBe('keeps \u001b[32mgreen');
  });
});
