import type { PasswordScorer } from './passwords';

/**
 * Loads zxcvbn with the common, English and French dictionaries (the product's two languages)
 * on first use. The dynamic imports keep the dictionaries in a chunk of their own: the
 * dashboard fetches them only on a page where a password is chosen, never at /login.
 */
export async function loadPasswordScorer(): Promise<PasswordScorer> {
  const [{ ZxcvbnFactory }, common, en, fr] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
    import('@zxcvbn-ts/language-fr'),
  ]);
  const zxcvbn = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, ...fr.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return (password, userInputs) => zxcvbn.check(password, [...userInputs]).score;
}
