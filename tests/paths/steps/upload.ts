/**
 * The step table of the KYC document upload (/upload-document, tests/paths/machines/intake.ts):
 * an administrator opens an account from its link and adds a selfie, or finds one by name
 * first. Every request the machine waits for is held until the path says how it ends: the
 * search (by its customers' list), the account's load, the upload and the load after it. Only
 * a lost answer is given in the server's place.
 */
import { strict as assert } from 'node:assert';
import { en, said } from '../../messages';
import type { Driver, HeldRequest, Target } from '../driver';
import type { PathSteps } from '../graph-adapter';
import { UPLOAD_ACCOUNT, UPLOAD_TERMS } from '../machines/intake';
import { FILES, NOT_AN_IMAGE, type PickedFile } from './registration-page';

const U = en.kyc.upload;
const USER = 'admin';
/** One of the lists a search asks: held, it holds the whole search. */
const SEARCHED_LIST = 'kyc/customers';
/** The account a path picks among several. */
const CHOSEN = { number: 'MRC-00042', name: 'Boutique Keur Massar' };
const NETWORK_ERROR = en.transfers.networkError;
const SELFIE: PickedFile = (() => {
  const picked = FILES.selfie?.file;
  if (!picked) throw new Error('registration-page.ts has no selfie to pick');
  return picked;
})();

/** What the runner does its own way: a drop-down, a file input, what the server received. */
export interface UploadEnv {
  select(target: Target, value: string): Promise<void>;
  pick(target: Target, file: PickedFile): Promise<void>;
  /** Empties the file input (the browser's file chooser closed with nothing chosen). */
  unpick(target: Target): Promise<void>;
  /** How many documents the page has sent to the account. */
  uploadsSent(number: string): Promise<number>;
  /** How many times the page asked for the account. */
  loadsSent(number: string): Promise<number>;
  /** How many documents the account has on file on the server. */
  documentsOnFile(number: string): Promise<number>;
}

const MAIN: Target = { role: 'main' };
const inMain = (target: Target): Target => ({ ...target, in: MAIN });
const TERM = inMain({ label: new RegExp(`^${U.find}`) });
const FIND = inMain({ role: 'button', name: U.findButton });
const FINDING = inMain({ role: 'button', name: U.finding });
/** The upload form, by its title. */
const FORM: Target = { text: U.formTitle };
const TYPE = inMain({ label: new RegExp(`^${U.type}`) });
const FILE = inMain({ label: new RegExp(`^${U.file}`) });
const SEND = inMain({ role: 'button', name: U.send });
const SENDING = inMain({ role: 'button', name: U.uploading });
const OTHER_ACCOUNT = inMain({ role: 'button', name: U.otherAccount });
const accountHeading = (name: string) => inMain({ role: 'heading', name });

type Term = keyof typeof UPLOAD_TERMS;

export function uploadSteps(driver: Driver, env: UploadEnv): PathSteps {
  /** What the user expects on screen, from the steps taken so far. */
  let u = fresh();
  let held: HeldRequest | undefined;

  function fresh() {
    return {
      term: '',
      account: null as { number: string; name: string } | null,
      /** The finder's message: the term refused, nothing found, a lost answer. */
      finder: null as 'too short' | 'none' | 'lost' | null,
      documents: 0,
      docType: '',
      file: null as 'an image' | 'not an image' | null,
      missing: false,
      failed: false,
      uploads: 0,
      loads: 0,
    };
  }

  function hold(path: string) {
    held = driver.hold(path);
    return held;
  }
  async function release(answer?: 'no answer') {
    const request = held;
    held = undefined;
    await request?.release(answer);
  }
  const accountPath = (number: string) => `kyc/accounts/${number}`;
  async function holdLoad(number: string) {
    u.loads = (await env.loadsSent(number)) + 1;
    return hold(accountPath(number));
  }

  /** Nothing sent but what the path asked for. */
  async function expectSent() {
    assert.equal(await env.uploadsSent(UPLOAD_ACCOUNT.number), u.uploads, 'documents sent');
    if (u.account) assert.equal(await env.loadsSent(u.account.number), u.loads, 'loads of the account');
  }

  async function expectFinder() {
    await driver.expectValue(TERM, u.term);
    const tooShort: Target = { text: U.findRequired };
    if (u.finder === 'too short') {
      await driver.expectVisible(tooShort);
      await driver.expectAttribute(TERM, 'aria-invalid', 'true');
    } else await driver.expectAbsent(tooShort);
    const none: Target = { text: new RegExp(said(U.notFound, { term: UPLOAD_TERMS.none }).replace(/[.?]/g, '\\$&')) };
    if (u.finder === 'none') await driver.expectVisible(none);
    else await driver.expectAbsent(none);
    if (u.finder === 'lost') await driver.expectText(inMain({ role: 'alert' }), NETWORK_ERROR);
    else await driver.expectAbsent({ text: NETWORK_ERROR });
  }

  /** The form as the steps left it; texts are looked for by text, which is cheap in jsdom. */
  async function expectForm(busy: boolean) {
    const account = u.account as { number: string; name: string };
    await driver.expectVisible(accountHeading(account.name));
    await driver.expectVisible({
      text: said(U[u.documents === 1 ? 'onFile_one' : 'onFile_other'], { count: u.documents }),
    });
    await driver.expectValue(TYPE, u.docType);
    for (const [text, shown] of [
      [U.typeRequired, u.missing],
      [U.fileProblem.required, u.missing],
      [U.fileProblem.type, u.file === 'not an image'],
      [NETWORK_ERROR, u.failed],
    ] as const) {
      if (shown) await driver.expectVisible({ text });
      else await driver.expectAbsent({ text });
    }
    await driver.expectAttribute(FILE, 'aria-invalid', String(u.missing || u.file === 'not an image'));
    const preview = { testId: 'file-preview' };
    if (u.file !== null) await driver.expectVisible(preview);
    else await driver.expectAbsent(preview);
    await driver.expectAttribute(busy ? SENDING : SEND, 'aria-disabled', 'true', busy);
  }

  return {
    async start({ step }) {
      u = fresh();
      held = undefined;
      if (step.label === 'by number') {
        u.term = UPLOAD_ACCOUNT.number;
        u.account = { ...UPLOAD_ACCOUNT };
        const load = await holdLoad(UPLOAD_ACCOUNT.number);
        await driver.open(USER, `/upload-document?account=${UPLOAD_ACCOUNT.number}`);
        await load.reached;
      } else await driver.open(USER, '/upload-document');
      await driver.expectVisible({ role: 'heading', name: 'Upload Document' });
    },
    states: {
      async finding() {
        await driver.expectVisible(inMain({ role: 'heading', name: U.findTitle }));
        await driver.expectVisible(FIND);
        await driver.expectAbsent(FORM);
        await driver.expectAbsent(OTHER_ACCOUNT);
        await expectFinder();
        assert.equal(driver.held(), 0, 'nothing on its way');
        await expectSent();
      },
      async searching() {
        await driver.expectAttribute(FINDING, 'aria-disabled', 'true');
        await driver.expectAbsent(FORM);
        assert.equal(driver.held(), 1, 'the search is on its way');
      },
      async choosing() {
        await driver.expectVisible(inMain({ text: said(U.choose_other, { count: 2 }) }));
        await driver.expectVisible(inMain({ role: 'button', name: new RegExp(CHOSEN.name) }));
        await driver.expectVisible(inMain({ role: 'button', name: /Ousmane Sarr/ }));
        await driver.expectAbsent(FORM);
      },
      async loadingAccount() {
        await driver.expectAttribute(FINDING, 'aria-disabled', 'true');
        await driver.expectAbsent(FORM);
        assert.equal(driver.held(), 1, 'the account is on its way');
        await expectSent();
      },
      async 'ready.editing'() {
        await expectForm(false);
        await driver.expectEnabled(OTHER_ACCOUNT);
        assert.equal(driver.held(), 0, 'nothing on its way');
        await expectSent();
      },
      async 'ready.uploading'() {
        await expectForm(true);
        await driver.expectEnabled(OTHER_ACCOUNT, false);
        await driver.expectEnabled(TYPE, false);
        await driver.expectEnabled(FILE, false);
        await expectSent();
      },
      async 'ready.refreshing'() {
        await driver.expectVisible({ text: said(U.done, { document: 'Selfie', number: UPLOAD_ACCOUNT.number }) });
        await driver.expectAttribute(SEND, 'aria-disabled', 'true');
        await expectSent();
      },
    },
    events: {
      async 'loadAccount@loadingAccount.done'() {
        await release();
        u.documents = await env.documentsOnFile((u.account as { number: string }).number);
      },
      async 'loadAccount@loadingAccount.error'() {
        await release('no answer');
        u.finder = 'lost';
        u.account = null;
      },
      async 'account.search'({ step, next }) {
        if (step.label === 'the number') {
          // The file is on its way: Find does nothing (and Another account is disabled).
          await driver.click(FIND);
          return;
        }
        const term = step.label as Term;
        u.term = UPLOAD_TERMS[term];
        u.finder = term === 'too short' ? 'too short' : null;
        await driver.fill(TERM, u.term);
        const search = next?.name.startsWith('findAccounts.') ? hold(SEARCHED_LIST) : undefined;
        await driver.click(FIND);
        await search?.reached;
        if (term === 'too short') await driver.expectFocused(TERM);
      },
      async 'findAccounts.done'({ step }) {
        if (step.label === 'one') {
          u.account = { ...UPLOAD_ACCOUNT };
          const search = held;
          const load = await holdLoad(UPLOAD_ACCOUNT.number);
          await search?.release();
          await load.reached;
          return;
        }
        await release();
        if (step.label === 'none') u.finder = 'none';
      },
      async 'findAccounts.error'() {
        await release('no answer');
        u.finder = 'lost';
      },
      async 'account.choose'() {
        u.account = { ...CHOSEN };
        const load = await holdLoad(CHOSEN.number);
        await driver.click(inMain({ role: 'button', name: new RegExp(CHOSEN.name) }));
        await load.reached;
      },
      async 'account.change'() {
        await driver.click(OTHER_ACCOUNT);
        u.account = null;
        u.finder = null;
      },
      async 'document.type'() {
        await env.select(TYPE, 'selfie');
        u.docType = 'selfie';
        u.missing = false;
      },
      async 'document.pick'({ step }) {
        u.file = step.label as 'an image' | 'not an image';
        await env.pick(FILE, u.file === 'an image' ? SELFIE : NOT_AN_IMAGE);
        u.missing = false;
      },
      async 'document.clear'() {
        await env.unpick(FILE);
        u.file = null;
      },
      async 'document.upload'({ step }) {
        if (step.states.includes('ready.uploading')) {
          const sent = hold(`${accountPath(UPLOAD_ACCOUNT.number)}/documents`);
          await driver.click(SEND);
          await sent.reached;
          u.uploads++;
          u.failed = false;
        } else {
          // Refused in place: nothing is sent, and the first field wrong has the focus.
          await driver.click(SEND);
          u.missing = true;
          await driver.expectFocused(TYPE);
        }
      },
      async 'uploadDocument.done'() {
        const upload = held;
        const load = await holdLoad(UPLOAD_ACCOUNT.number);
        await upload?.release();
        await load.reached;
      },
      async 'uploadDocument.error'() {
        await release('no answer');
        u.failed = true;
      },
      async 'loadAccount@ready.refreshing.done'() {
        await release();
        u.documents = await env.documentsOnFile(UPLOAD_ACCOUNT.number);
        u.docType = '';
        u.file = null;
      },
      async 'loadAccount@ready.refreshing.error'() {
        // The document is stored; only the list beside it is stale.
        await release('no answer');
        u.file = null;
      },
    },
    async nothingSent() {
      await expectSent();
    },
  };
}
