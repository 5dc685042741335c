/** Copies text for a copy button; a browser without a clipboard (or refusing it) throws. */
export async function copyText(text: string) {
  if (!navigator.clipboard) throw new Error('No clipboard');
  await navigator.clipboard.writeText(text);
}
