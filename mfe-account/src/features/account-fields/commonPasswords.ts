/**
 * The new-password fields (sign-up, reset, profile) say "This password is
 * too common…" as the server will, before the form is sent: the shared form
 * rule asks the server, which keeps the list of common and breached
 * passwords (too large for the pages). Each password is asked about once;
 * when the server cannot be reached the form lets it through and the
 * server's own check answers on submit.
 */
import { setCommonPasswordCheck } from '@ministry/shared/validation';
import { isCommonPassword } from './api';

const answers = new Map<string, Promise<boolean>>();

setCommonPasswordCheck((password) => {
  let answer = answers.get(password);
  if (!answer) {
    answer = isCommonPassword(password).catch(() => false);
    answers.set(password, answer);
    if (answers.size > 100) answers.delete(answers.keys().next().value!);
  }
  return answer;
});
