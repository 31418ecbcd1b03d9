import { LOGIN_NAME_LENGTH, PASSWORD_LENGTH } from '@flightchess/protocol';
import { z } from 'zod';

/** A login name as typed, NFKC-normalised: what is shown. */
export const loginNameSchema = z
  .string()
  .transform((s) => s.normalize('NFKC').trim())
  .refine((s) => [...s].length >= LOGIN_NAME_LENGTH.min && [...s].length <= LOGIN_NAME_LENGTH.max, {
    message: `a login name has ${LOGIN_NAME_LENGTH.min}–${LOGIN_NAME_LENGTH.max} characters`,
  })
  .refine((s) => /^[\p{L}\p{N}_.-]+$/u.test(s), { message: 'a login name has letters, digits and _ . - only' });

/** What login names are compared by: NFKC, lower case (NFKC again: lowering can undo it). */
export const nameKey = (name: string): string => name.normalize('NFKC').toLowerCase().normalize('NFKC');

export const passwordSchema = z
  .string()
  .refine((s) => [...s].length >= PASSWORD_LENGTH.min, { message: `a password has at least ${PASSWORD_LENGTH.min} characters` })
  .refine((s) => [...s].length <= PASSWORD_LENGTH.max, { message: `a password has at most ${PASSWORD_LENGTH.max} characters` });
