/**
 * The step table of the QR code generation machine (/generate-qr; the graph is tests/paths/
 * machines/settings.ts), run in jsdom by tests/unit/generate.paths.test.tsx. The merchant search,
 * the generation, the preview image and a download are each held until the path says how they
 * end; a server error, a lost answer and a search that finds one merchant are answered in the
 * server's place.
 */
import { qrMessages } from '../../../src/features/qr/messages';
import { said } from '../../messages';
import { SERVER_ERROR, SERVER_ERROR_MESSAGE } from '../answers/settings';
import type { Driver, HeldAnswer, HeldRequest, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import { QR_MERCHANTS, QR_TYPED } from '../machines/settings';

const G = qrMessages.en.generate;
const S = qrMessages.en.sheet;
const A = qrMessages.en.actions;
/** What the page says when an answer never came. */
const NO_ANSWER = 'The server could not be reached. Check your connection and try again.';

/** What only the runner knows: who makes codes, the next code the server makes, what left the page. */
export interface GenerateWorld {
  admin: string;
  nextCode: string;
  /** The files the page handed to the browser as downloads, by name. */
  downloads(): string[];
  /** How many times the page asked the browser to print. */
  prints(): number;
  /** How many changes (anything but a read) the page has sent. */
  writes(): number;
}

const MAIN: Target = { role: 'main' };
const QUERY: Target = { label: G.merchant, in: MAIN };
const AMOUNT: Target = { label: new RegExp(`^${G.amount.replace(/[()]/g, '\\$&')}`), in: MAIN };
const RESULTS: Target = { role: 'region', name: G.results, in: MAIN };
const SHEET: Target = { role: 'article', name: S.title, in: MAIN };
const button = (name: string): Target => ({ role: 'button', name, in: MAIN });
const ONE_PAYABLE: HeldAnswer = { body: { status: true, payload: { merchants: QR_MERCHANTS.slice(0, 1) } } };

type Merchant = (typeof QR_MERCHANTS)[number];

export function generateSteps(driver: Driver, world: GenerateWorld): PathSteps {
  /** What the user expects on screen, from the steps taken so far. */
  let held: HeldRequest[] = [];
  let query = '';
  let amount = '';
  let merchants: Merchant[] | null = null;
  let merchant: Merchant | null = null;
  let errors: { query?: true; merchant?: true; amount?: true } = {};
  let searchError: string | null = null;
  let failure: string | null = null;
  let downloadFailure = false;
  let downloads = 0;
  let prints = 0;
  let writes = 0;
  let announced: string | null = null;

  const imagePath = () => `qr-codes/${world.nextCode}/image`;
  async function holding(path: string, cause: () => Promise<void>) {
    const request = driver.hold(path);
    held.push(request);
    await cause();
    await request.reached;
  }
  async function release(answer?: HeldAnswer | 'no answer') {
    await held.shift()?.release(answer);
  }
  function expectCounts() {
    if (world.writes() !== writes) throw new Error(`${world.writes()} changes sent, ${writes} expected`);
    if (world.downloads().length !== downloads) throw new Error(`${world.downloads().length} downloads`);
    if (world.prints() !== prints) throw new Error(`${world.prints()} prints, ${prints} expected`);
  }

  return {
    async start() {
      held = [];
      query = '';
      amount = '';
      merchants = null;
      merchant = null;
      errors = {};
      searchError = null;
      failure = null;
      downloads = 0;
      prints = 0;
      writes = 0;
      announced = null;
      await driver.open(world.admin, '/generate-qr');
      await driver.expectVisible(button(G.submit));
    },
    states: {
      async 'editing.idle'() {
        await driver.expectAbsent(SHEET);
        if (merchant) {
          await driver.expectText({ testId: 'chosen-merchant', in: MAIN }, merchant.name);
          await driver.expectVisible(button(G.change));
          await driver.expectAbsent(QUERY);
        } else {
          await driver.expectValue(QUERY, query);
          await driver.expectAttribute(QUERY, 'aria-invalid', String(Boolean(errors.query || errors.merchant)));
          if (errors.query) await driver.expectVisible({ text: G.errors.query, in: MAIN });
          if (errors.merchant) await driver.expectVisible({ text: G.errors.merchant, in: MAIN });
          if (merchants) {
            for (const m of merchants) await driver.expectVisible({ text: m.name, in: RESULTS });
            const unpayable = merchants.filter((m) => m.kycStatus !== 'approved');
            for (const m of unpayable) {
              await driver.expectEnabled(
                { role: 'button', name: said(G.choose, { name: `${m.name} (${m.number})` }), in: RESULTS },
                false,
              );
            }
          } else await driver.expectAbsent(RESULTS);
        }
        await driver.expectValue(AMOUNT, amount);
        await driver.expectAttribute(AMOUNT, 'aria-invalid', String(errors.amount === true));
        if (errors.amount) await driver.expectVisible({ text: G.errors.amount, in: MAIN });
        const alerts = [merchant ? null : searchError, failure].filter((a): a is string => a !== null);
        await driver.expectTexts({ role: 'alert', in: MAIN }, alerts);
        await driver.expectAttribute(button(G.submit), 'aria-disabled', 'true', false);
        expectCounts();
      },
      async 'editing.searching'() {
        await driver.expectAttribute(button(G.finding), 'aria-disabled', 'true');
        await driver.expectAbsent({ role: 'alert', in: MAIN });
        expectCounts();
      },
      async generating() {
        // On its way, once: the button says so and ignores a second press.
        await driver.expectAttribute(button(G.generating), 'aria-disabled', 'true');
        await driver.click(button(G.generating));
        expectCounts();
      },
      async 'generated.preview.loading'() {
        await driver.expectVisible(SHEET);
        await driver.expectText({ testId: 'qr-code', in: SHEET }, world.nextCode);
        await driver.expectVisible({ text: S.loading, in: SHEET });
        if (announced) await driver.expectVisible({ text: announced });
      },
      async 'generated.preview.ready'() {
        const name = QR_MERCHANTS[0]?.name ?? '';
        await driver.expectVisible({ role: 'img', name: said(S.imageAlt, { name, code: world.nextCode }), in: SHEET });
        await driver.expectAbsent({ text: S.loading, in: SHEET });
      },
      async 'generated.preview.failed'() {
        await driver.expectText({ role: 'alert', in: SHEET }, NO_ANSWER);
        await driver.expectAbsent({ role: 'img', in: SHEET });
      },
      async 'generated.download.idle'() {
        await driver.expectAbsent({ text: A.downloading, in: MAIN });
        await driver.expectAttribute(button(A.png), 'aria-disabled', 'true', false);
        if (downloadFailure) await driver.expectText({ role: 'alert', in: MAIN }, SERVER_ERROR_MESSAGE);
        expectCounts();
      },
      async 'generated.download.downloading'() {
        // One download at a time: the buttons say so and ignore a press meanwhile.
        await driver.expectVisible({ text: A.downloading, in: MAIN });
        await driver.expectAttribute(button(A.png), 'aria-disabled', 'true');
        await driver.click(button(A.png));
        if (driver.held() !== held.length) throw new Error('A second download left the page');
        expectCounts();
      },
    },
    events: {
      async 'query.change'({ step }) {
        query = QR_TYPED.query[step.label as keyof typeof QR_TYPED.query];
        await driver.fill(QUERY, query);
      },
      async 'merchant.search'({ step }) {
        if (step.states.includes('editing.searching')) {
          await holding('qr-codes/merchants', () => driver.click(button(G.find)));
          errors.query = undefined;
          searchError = null;
          return;
        }
        // Too short to look for: said in place, nothing sent.
        await driver.click(button(G.find));
        errors.query = true;
      },
      async 'searchMerchants.done'({ step }) {
        if (step.label === 'one payable') {
          // One merchant that can be paid is chosen for the user.
          await release(ONE_PAYABLE);
          merchants = QR_MERCHANTS.slice(0, 1);
          merchant = QR_MERCHANTS[0] as Merchant;
        } else {
          await release();
          merchants = [...QR_MERCHANTS];
          merchant = null;
        }
      },
      async 'searchMerchants.error'() {
        await release(SERVER_ERROR);
        searchError = SERVER_ERROR_MESSAGE;
      },
      async 'merchant.choose'() {
        const m = QR_MERCHANTS[0] as Merchant;
        await driver.click({ role: 'button', name: said(G.choose, { name: `${m.name} (${m.number})` }), in: RESULTS });
        merchant = m;
        errors.merchant = undefined;
        failure = null;
      },
      async 'merchant.clear'() {
        await driver.click(button(G.change));
        merchant = null;
        failure = null;
      },
      async 'amount.change'({ step }) {
        amount = QR_TYPED.amount[step.label as keyof typeof QR_TYPED.amount];
        await driver.fill(AMOUNT, amount);
        errors.amount = undefined;
      },
      async 'qr.submit'({ step }) {
        if (step.states.includes('generating')) {
          await holding('qr-codes', () => driver.click(button(G.submit)));
          writes++;
          failure = null;
          return;
        }
        // Refused in place: each wrong field says why, the first takes the focus.
        await driver.click(button(G.submit));
        const amountWrong = amount !== '' && amount !== QR_TYPED.amount['whole XOF'];
        errors = { ...(merchant ? {} : { merchant: true }), ...(amountWrong ? { amount: true } : {}) };
        await driver.expectFocused(merchant ? AMOUNT : QUERY);
      },
      async 'generateQr.done'() {
        // The preview image is asked for as soon as the code is shown: held in its turn.
        const image = driver.hold(imagePath());
        await release();
        held.push(image);
        await image.reached;
        announced = said(qrMessages.en.done, { code: world.nextCode, name: QR_MERCHANTS[0]?.name ?? '' });
        downloadFailure = false;
      },
      async 'generateQr.error'() {
        await release(SERVER_ERROR);
        failure = SERVER_ERROR_MESSAGE;
      },
      async 'loadPreview.done'() {
        await release();
      },
      async 'loadPreview.error'() {
        await release('no answer');
      },
      async 'qr.download'() {
        await holding(imagePath(), () => driver.click(button(A.png)));
        downloadFailure = false;
      },
      async 'downloadImage.done'() {
        await release();
        downloads++;
        const saved = world.downloads().at(-1);
        if (saved !== `${world.nextCode}.png`) throw new Error(`The download is named ${saved}`);
      },
      async 'downloadImage.error'() {
        await release(SERVER_ERROR);
        downloadFailure = true;
      },
      async 'qr.print'() {
        await driver.click(button(A.print));
        prints++;
      },
      async 'qr.new'() {
        await driver.click(button(A.another));
        // The search and what it found stay; the rest starts again.
        merchant = null;
        amount = '';
        errors = {};
        failure = null;
        searchError = null;
      },
    },
    async nothingSent() {
      expectCounts();
      if (driver.held() !== held.length) throw new Error('A request left the page');
    },
  };
}
