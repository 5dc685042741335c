import type { TFunction } from '../../i18n/translator';
import type { FieldMessage } from './issue-messages';

/** A field's message in the user's language (the contract's English sentence when unknown). */
export function fieldMessageText(t: TFunction, message: FieldMessage | undefined): string | undefined {
  if (!message) return undefined;
  return message.key ? t(`registration.validation.${message.key}`, message.params ?? {}) : message.text;
}
