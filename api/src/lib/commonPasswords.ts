/**
 * Passwords found in a list of common and breached passwords are refused
 * (at sign-up, reset and change), with the shared form rule's message.
 *
 * The list is @zxcvbn-ts/language-common's `passwords`: some 49,000 of the
 * passwords most often found in breaches, ranked (the zxcvbn-ts project
 * keeps it). Only those long enough to be allowed at all are kept, compared
 * without regard to case ("Password1" is "password1"). It stays on the
 * server: at about 190 KB compressed it is too heavy for the pages, whose
 * forms ask the server instead (POST /api/user/password-check).
 */
import { createRequire } from 'node:module';
import { PASSWORD_MIN, setCommonPasswordCheck } from '@ministry/shared/validation';

let list: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (!list) {
    const ranked = createRequire(import.meta.url)('@zxcvbn-ts/language-common/src/passwords.json') as string[];
    list = new Set(ranked.filter((p) => p.length >= PASSWORD_MIN).map((p) => p.toLowerCase()));
  }
  return list;
}

/** Whether `password` is in the list (whatever its case). */
export const isCommonPassword = (password: string): boolean => commonPasswords().has(password.toLowerCase());

/** The shared form rules check passwords against the list from now on (the API calls this once). */
export function installCommonPasswordList(): void {
  setCommonPasswordCheck(isCommonPassword);
}
