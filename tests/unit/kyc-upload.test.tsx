/**
 * /upload-document over the fake API: the account is found by number, phone or name among
 * the lists the caller may upload to; a file is checked in the browser (type by content,
 * size) before anything is sent; the server's refusal is shown in place; an accepted file
 * is listed with the account's documents.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAX_DOCUMENT_BYTES } from '../../contract/kyc';
import { installFakeKyc, JPEG_BYTES, PNG_BYTES } from './support/fake-kyc';
import { createFakeApi, type RenderedApp, renderApp } from './support/render-app';

const TIMEOUT = 30_000;
let app: RenderedApp | undefined;

beforeAll(async () => {
  await import('../../src/features/kyc/UploadDocumentPage');
}, 60_000);
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  app?.unmount();
  app = undefined;
});

const content = () => within(document.getElementById('content') ?? document.body);

async function open(url: string, as = 'zone-sales-manager', options: { maxDocumentBytes?: number } = {}) {
  const api = createFakeApi();
  const fake = installFakeKyc(api, options);
  app = renderApp({ api, signedInAs: as, url });
  await content().findByRole('heading', { level: 1, name: 'Upload Document' }, { timeout: 10_000 });
  return { a: app, api, fake };
}

const fileInput = () => content().getByLabelText('File') as HTMLInputElement;

describe('upload: checks in the browser', () => {
  it('refuses a file whose content is not an image or PDF, and sends nothing', { timeout: TIMEOUT }, async () => {
    const { a, fake } = await open('/upload-document?account=MRC-00042');
    await content().findByRole('heading', { level: 2, name: 'Boutique Keur Massar' });
    // The first missing document is chosen for the uploader.
    expect(content().getByLabelText('Document')).toHaveValue('id_back');
    const renamed = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 1, 2, 3, 4])], 'id-back.png', {
      type: 'image/png',
    });
    await a.user.upload(fileInput(), renamed);
    expect(await content().findByText('Only JPEG and PNG images and PDF files are accepted.')).toBeVisible();
    expect(fileInput()).toHaveAttribute('aria-invalid', 'true');
    await a.user.click(content().getByRole('button', { name: 'Upload' }));
    expect(document.activeElement).toBe(fileInput());
    expect(fake.uploadCalls('MRC-00042')).toHaveLength(0);
  });

  it('refuses a file over the size limit, and sends nothing', { timeout: TIMEOUT }, async () => {
    const { a, fake } = await open('/upload-document?account=MRC-00042');
    await content().findByRole('heading', { level: 2, name: 'Boutique Keur Massar' });
    const big = new File([PNG_BYTES, new Uint8Array(DEFAULT_MAX_DOCUMENT_BYTES)], 'scan.png', { type: 'image/png' });
    await a.user.upload(fileInput(), big);
    expect(await content().findByText('The file is larger than 5 MB. Scan it at a lower resolution.')).toBeVisible();
    await a.user.click(content().getByRole('button', { name: 'Upload' }));
    expect(fake.uploadCalls('MRC-00042')).toHaveLength(0);
  });

  it('asks for a type and a file before sending', { timeout: TIMEOUT }, async () => {
    const { a, fake } = await open('/upload-document?account=CUS-000001', 'admin');
    await content().findByRole('heading', { level: 2, name: 'Aminata Diallo' });
    // Nothing missing: no type is chosen in advance.
    expect(content().getByLabelText('Document')).toHaveValue('');
    await a.user.click(content().getByRole('button', { name: 'Upload' }));
    expect(content().getByText('Choose which document this is.')).toBeVisible();
    expect(content().getByText('Choose a file.')).toBeVisible();
    expect(document.activeElement).toBe(content().getByLabelText('Document'));
    expect(fake.uploadCalls('CUS-000001')).toHaveLength(0);
  });
});

describe('upload: the server decides', () => {
  it('shows the server’s refusal in place', { timeout: TIMEOUT }, async () => {
    const { a, fake } = await open('/upload-document?account=MRC-00042', 'zone-sales-manager', {
      maxDocumentBytes: 1024 * 1024,
    });
    await content().findByRole('heading', { level: 2, name: 'Boutique Keur Massar' });
    const file = new File([JPEG_BYTES, new Uint8Array(2 * 1024 * 1024)], 'back.jpg', { type: 'image/jpeg' });
    await a.user.upload(fileInput(), file);
    await a.user.click(content().getByRole('button', { name: 'Upload' }));
    const alert = await content().findByRole('alert');
    expect(alert).toHaveTextContent('A document may be at most 1 MB.');
    expect(fake.uploadCalls('MRC-00042')).toHaveLength(1);
    expect(fake.account('MRC-00042').documents).toHaveLength(1);
  });

  it('uploads with the type, previews it first, and lists it with the account’s documents', {
    timeout: TIMEOUT,
  }, async () => {
    const { a, api, fake } = await open('/upload-document?account=MRC-00042');
    await content().findByRole('heading', { level: 2, name: 'Boutique Keur Massar' });
    expect(content().getByRole('heading', { name: '1 document on file' })).toBeVisible();
    const hold = api.hold('kyc/accounts/MRC-00042/documents');
    await a.user.upload(fileInput(), new File([JPEG_BYTES], 'back.jpg', { type: 'image/jpeg' }));
    const preview = await content().findByTestId('file-preview');
    expect(within(preview).getByRole('img', { name: 'Preview of back.jpg' })).toHaveAttribute(
      'src',
      'blob:http://localhost/preview',
    );
    await a.user.click(content().getByRole('button', { name: 'Upload' }));
    await hold.reached;
    expect(content().getByRole('button', { name: /Uploading/ })).toHaveAttribute('aria-disabled', 'true');
    hold.release();
    expect(await screen.findByText('ID card (back) added to MRC-00042.')).toBeVisible();
    expect(await content().findByRole('heading', { name: '2 documents on file' })).toBeVisible();
    const [call] = fake.uploadCalls('MRC-00042');
    const form = call?.body as FormData;
    expect(form.get('type')).toBe('id_back');
    expect((form.get('file') as File).name).toBe('back.jpg');
    // Asked for more documents, the account is back in review.
    expect(content().getByText('KYC: Pending')).toBeVisible();
    expect(content().queryByTestId('file-preview')).toBeNull();
  });
});

describe('upload: finding the account', () => {
  it('finds by the end of a phone number, in the lists the group uploads to', { timeout: TIMEOUT }, async () => {
    const { a, api } = await open('/upload-document');
    await a.user.type(content().getByLabelText('Account number, phone or name'), '2233');
    await a.user.click(content().getByRole('button', { name: 'Find' }));
    expect(await content().findByRole('heading', { level: 2, name: 'Aminata Diallo' })).toBeVisible();
    const searched = api.calls.filter((c) => /^kyc\/(customers|agents|merchants|partners)$/.test(c.path));
    expect(searched.map((c) => c.path).sort()).toEqual(['kyc/customers', 'kyc/merchants']);
    expect(searched.every((c) => c.query.get('q') === '2233')).toBe(true);
  });

  it('lets the user choose among several, and says when none matches', { timeout: TIMEOUT }, async () => {
    const { a } = await open('/upload-document', 'admin');
    const term = content().getByLabelText('Account number, phone or name');
    await a.user.type(term, 'Nobody Here');
    await a.user.click(content().getByRole('button', { name: 'Find' }));
    expect(
      await content().findByText(
        'No account you may add documents to matches “Nobody Here”. Try fewer letters, or the phone or account number.',
      ),
    ).toBeVisible();
    await a.user.clear(term);
    await a.user.type(term, 'ou');
    await a.user.click(content().getByRole('button', { name: 'Find' }));
    expect(await content().findByText('2 accounts match. Choose one:')).toBeVisible();
    await a.user.click(content().getByRole('button', { name: /Boutique Keur Massar/ }));
    expect(await content().findByRole('heading', { level: 2, name: 'Boutique Keur Massar' })).toBeVisible();
  });
});
