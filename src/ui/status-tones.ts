/** Which tone a status code is shown in; a code not listed is neutral. */
export type Tone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

const TONE_OF_STATUS: Readonly<Record<string, Tone>> = {
  success: 'success',
  approved: 'success',
  active: 'success',
  set: 'success',
  done: 'success',
  failed: 'danger',
  rejected: 'danger',
  blocked: 'danger',
  closed: 'danger',
  reversed: 'danger',
  pending: 'warning',
  inactive: 'warning',
  more_documents: 'warning',
  not_set: 'warning',
  reset_requested: 'warning',
  // Under way and needing no one: information, not a warning.
  queued: 'info',
  running: 'info',
};

export function toneOf(status: string): Tone {
  return TONE_OF_STATUS[status] ?? 'neutral';
}
