import fs from 'fs';
import path from 'path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './paths';

/** Where the suites write their screenshots (gitignored), to be looked at by a person. */
export const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts');

/** The widths a page is looked at: a laptop and a phone (an iPhone 14's 390 x 844). */
const SIZES = [
  { label: '1280', width: 1280, height: 800 },
  { label: '390', width: 390, height: 844 },
] as const;

const SCHEMES = ['light', 'dark'] as const;

/** What axe-core reports of one rule broken on a page (the fields this helper reads). */
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: unknown[]; html: string; failureSummary?: string }>;
}

/**
 * axe-core's violations of serious or critical impact on the page as it is now, as readable
 * lines: the rule, its impact, what it asks, and the elements (with their HTML) that break it.
 * Injects axe-core into the page once (it stays until the page navigates).
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Strings, not functions: appgen's tests compile without the DOM's types.
  if (!(await page.evaluate("typeof axe === 'object'")))
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = (await page.evaluate(
    "axe.run({ resultTypes: ['violations'] }).then((results) => results.violations)",
  )) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} [${v.helpUrl}]\n` +
        v.nodes
          .slice(0, 5)
          .map(
            (node) =>
              `    ${node.target.join(' ')}: ${node.html}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
          )
          .join('\n'),
    );
}

/** How many pixels the document is wider than the window (0 when nothing scrolls sideways). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  ) as Promise<number>;
}

/**
 * Looks at the page the browser shows now. With `full` (one ORM x database pair of a suite): at
 * 1280 x 800 and 390 x 844, in the light and the dark colour scheme, asserts that nothing scrolls
 * the page sideways at 390 px and that axe-core finds no serious or critical violation (colour
 * contrast included), and writes test-artifacts/<name>-<width>-<scheme>.png. Without it (the
 * other pairs): only that nothing scrolls sideways at 390 px. The page's HTML and CSS come from
 * the same templates on every pair, with the same records: what differs by ORM and database is
 * the data path, which the suites' other checks run on each pair; axe-core (about a second a
 * page, four times) runs once. Leaves the page as it found it (viewport, colour scheme). `name`
 * says what the page is: `starter-users`, `blog-post`.
 */
export async function checkPage(
  page: Page,
  name: string,
  options: { full: boolean },
): Promise<void> {
  const viewport = page.viewportSize();
  const problems: string[] = [];
  const sizes = options.full ? SIZES : SIZES.filter((size) => size.width === 390);
  const schemes = options.full ? SCHEMES : (['light'] as const);
  // After a client-side navigation the URL moves before Next.js streams the new page's metadata:
  // for a moment the document has no <title> (seen once in CI on /forgot-password, reached by a
  // link). The page is looked at once it is whole.
  await page.waitForFunction('document.title.trim() !== ""', undefined, { timeout: 10_000 });
  try {
    for (const size of sizes) {
      await page.setViewportSize({ width: size.width, height: size.height });
      for (const scheme of schemes) {
        await page.emulateMedia({ colorScheme: scheme });
        if (options.full) {
          fs.mkdirSync(ARTIFACTS, { recursive: true });
          await page.screenshot({
            path: path.join(ARTIFACTS, `${name}-${size.label}-${scheme}.png`),
            fullPage: true,
          });
        }
        const where = `${name} at ${size.width} px, ${scheme}`;
        if (size.width === 390) {
          const overflow = await horizontalOverflow(page);
          if (overflow > 0) problems.push(`${where}: the page scrolls sideways by ${overflow} px`);
        }
        if (options.full)
          for (const violation of await seriousA11yViolations(page))
            problems.push(`${where}: ${violation}`);
      }
    }
  } finally {
    await page.emulateMedia({ colorScheme: null });
    if (viewport) await page.setViewportSize(viewport);
  }
  if (problems.length > 0) throw new Error(`${page.url()}\n${problems.join('\n')}`);
}
