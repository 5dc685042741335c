/**
 * axe-core (WCAG 2.0/2.1 A and AA rules) on every story of the built catalogue, light and dark:
 * no violation of impact "serious" or "critical". A failure names the story, scheme and rules.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { catalogueStories, SCHEMES, test } from './stories';

test.describe.configure({ mode: 'parallel' });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
/** Contrast does not depend on the width; the 1280 px layout shows the most at once. */
const WIDTH = 1280;

for (const scheme of SCHEMES) {
  for (const id of catalogueStories()) {
    test(`axe: ${id}, ${scheme}`, async ({ storyPage }) => {
      await storyPage.show(id, WIDTH, scheme);
      const { violations } = await new AxeBuilder({ page: storyPage.page }).withTags(TAGS).analyze();
      const blocking = violations
        .filter((v) => BLOCKING.has(v.impact ?? ''))
        .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(blocking, `${id} in ${scheme}: ${blocking.join('; ')}`).toEqual([]);
    });
  }
}
