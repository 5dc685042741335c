import { describe, expect, it } from 'vitest';
import { checkDocumentFile, formatFileSize } from './document-file';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const file = (bytes: number[], name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

describe('checkDocumentFile', () => {
  it('accepts an image or PDF by its content', async () => {
    expect(await checkDocumentFile(file(PNG, 'id.png', 'image/png'))).toMatchObject({
      mimeType: 'image/png',
      problem: null,
    });
    const pdf = file([...new TextEncoder().encode('%PDF-1.7')], 'proof.pdf', '');
    expect(await checkDocumentFile(pdf)).toMatchObject({ mimeType: 'application/pdf', problem: null });
  });

  it('refuses a renamed file, another declared type, an empty file and one over the limit', async () => {
    expect((await checkDocumentFile(file([0x4d, 0x5a, 0, 0], 'id.png', 'image/png'))).problem).toBe('type');
    expect((await checkDocumentFile(file(PNG, 'id.gif', 'image/gif'))).problem).toBe('type');
    expect((await checkDocumentFile(file(PNG, 'scan', ''))).problem).toBe('type');
    expect((await checkDocumentFile(file([], 'id.png', 'image/png'))).problem).toBe('empty');
    expect((await checkDocumentFile(file(PNG, 'id.png', 'image/png'), 4)).problem).toBe('size');
  });
});

describe('formatFileSize', () => {
  it('speaks kilobytes and megabytes in each language', () => {
    expect(formatFileSize(2048, 'en')).toBe('2 KB');
    expect(formatFileSize(2.5 * 1024 * 1024, 'fr')).toBe('2,5 Mo');
  });
});
