import { expect, type Locator } from '@playwright/test';

/**
 * Scrolls an element into view the way a user would before using it. A list that re-renders
 * (a reload, a width change that turns rows into cards) can detach the element mid-scroll: the
 * scroll is then tried again on the element the locator finds next.
 */
export async function scrollTo(locator: Locator): Promise<void> {
  await expect(async () => {
    await locator.scrollIntoViewIfNeeded({ timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
}
