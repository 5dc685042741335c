/**
 * Every story of the built catalogue at 360 and 1280 px, light and dark, against its committed
 * picture in __screenshots__/ (decision 042). `npm run catalogue:baselines` redraws them on purpose.
 */
import { expect } from '@playwright/test';
import { catalogueStories, SCHEMES, storyClip, test, WIDTHS } from './stories';

test.describe.configure({ mode: 'parallel' });

// Scheme outermost: a worker's page reloads only when the scheme changes.
for (const scheme of SCHEMES) {
  for (const width of WIDTHS) {
    for (const id of catalogueStories()) {
      test(`${id} at ${width} px, ${scheme}`, async ({ storyPage }) => {
        await storyPage.show(id, width, scheme);
        const clip = await storyClip(storyPage.page);
        await expect(storyPage.page).toHaveScreenshot(`${id}-${width}-${scheme}.png`, { clip, fullPage: true });
      });
    }
  }
}
