/** A text in both languages of the product, for titles and labels defined as data. */
export interface Text {
  en: string;
  fr: string;
}

export const T = (en: string, fr: string): Text => ({ en, fr });
