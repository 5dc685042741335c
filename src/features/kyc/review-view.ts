// The look shared by the sections of the account review.

export const SECTION = 'rounded-lg border border-line bg-raised p-4 shadow-sm sm:p-5';

export const H3 = 'mb-2 text-base font-semibold text-ink';
