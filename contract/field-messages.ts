/**
 * The sentences the contract's field rules answer with, and the ages they check, without the
 * rules themselves: the dashboard's shared kit translates these sentences on every form, and
 * importing them must not bring zod into the code every page shares.
 */

export const PHONE_MESSAGE = 'Enter a Senegalese mobile number: +221 7X XXX XX XX';
export const NATIONAL_ID_MESSAGE = 'A national ID number has 13 digits and starts with 1 or 2';
export const NINEA_MESSAGE = 'A NINEA has 7 to 9 digits, optionally followed by its COFI code such as 2G3';

export const ADULT_AGE = 18;
export const UNDER_AGE_MESSAGE = 'The holder must be at least 18 years old';
export const STUDENT_AGE = { min: 10, max: 30 } as const;
export const STUDENT_AGE_MESSAGE = `A student is ${STUDENT_AGE.min} to ${STUDENT_AGE.max} years old`;
