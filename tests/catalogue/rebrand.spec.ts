/**
 * A rebrand is one file: the token values of src/ui/theme.css. Here the built catalogue gets new
 * values for the brand, the success tone, the control radius and the font, the way an edited
 * theme.css would give them (the same custom properties on the root, declared after the
 * catalogue's own), and the primary and approve buttons and a status pill must all take them. A
 * component that wrote a colour, a radius or a font of its own would keep its old look here.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { StoryPage } from './stories';

const REBRAND = {
  '--color-brand-700': 'rgb(109, 40, 217)',
  '--color-success': 'rgb(29, 78, 216)',
  '--color-success-soft': 'rgb(219, 234, 254)',
  '--radius-md': '3px',
  '--font-sans': 'serif',
};

async function looksOf(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        background: style.backgroundColor,
        color: style.color,
        radius: style.borderTopLeftRadius,
        font: style.fontFamily,
      };
    });
}

async function rebrand(page: Page) {
  const declarations = Object.entries(REBRAND)
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ');
  await page.addStyleTag({ content: `:root, :host { ${declarations} }` });
}

/** Each story on a page of its own: the catalogue's other tests must not see the new values. */
async function rebrandedLooks(browser: Browser, baseURL: string, id: string, selector: string) {
  const story = await StoryPage.open(browser, baseURL);
  try {
    await story.show(id, 1280, 'light');
    const before = await looksOf(story.page, selector);
    await rebrand(story.page);
    return { before, after: await looksOf(story.page, selector) };
  } finally {
    await story.close();
  }
}

test('a new brand, success tone, radius and font reach the primary and approve buttons', async ({
  browser,
  baseURL,
}) => {
  for (const [id, background] of [
    ['kit-button--primary', REBRAND['--color-brand-700']],
    ['kit-button--approve', REBRAND['--color-success']],
  ] as const) {
    const { before, after } = await rebrandedLooks(browser, baseURL ?? '', id, '#storybook-root button');
    expect(before.background, id).not.toBe(background);
    expect(after, id).toMatchObject({ background, radius: REBRAND['--radius-md'], font: REBRAND['--font-sans'] });
  }
});

test('a new success tone and font reach the status pills', async ({ browser, baseURL }) => {
  const { before, after } = await rebrandedLooks(
    browser,
    baseURL ?? '',
    'kit-statuspill--success',
    '#storybook-root [data-value]',
  );
  expect(before.background).not.toBe(REBRAND['--color-success-soft']);
  expect(after).toMatchObject({
    background: REBRAND['--color-success-soft'],
    color: REBRAND['--color-success'],
    font: REBRAND['--font-sans'],
  });
});
