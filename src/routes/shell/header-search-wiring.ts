import type { FocusEventHandler, InputHTMLAttributes } from 'react';

/** What the header search's combobox sets on the box the frame draws, once it has arrived. */
export interface SearchWiring {
  input: InputHTMLAttributes<HTMLInputElement>;
  onBlur: FocusEventHandler<HTMLElement>;
}

/** The box as the combobox finds it: its text and whether Enter was pressed before it came. */
export interface SearchBoxHandle {
  input: HTMLInputElement | null;
  submitted: boolean;
}
