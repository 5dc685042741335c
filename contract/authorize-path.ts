/**
 * The maker-checker page (in the admin Transfers menu and the bank Checker variants). A module of
 * its own: the signed-in frame links to it, and importing it from transfers.ts would bring the
 * transfer flows' tables into the frame's code (decision 061).
 */
export const AUTHORIZE_PATH = '/authorize-transactions';
