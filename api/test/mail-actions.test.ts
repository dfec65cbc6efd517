/** Each action of a mail is a button in its HTML part, with its address written out below it. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { actionButton, composeMail, textToHtml } from '../src/lib/mailer.js';

describe('actions in mails', () => {
  it('an action line ("Label: address") becomes a button labelled so, its address written out below', () => {
    const html = textToHtml(
      'Hello Ruth,\n\nSomeone asked to reset your password.\n\nChoose a new password: https://church.example/reset-password/abc\n\nThe link works once.',
    );
    assert.ok(
      html.includes(
        '<a href="https://church.example/reset-password/abc" class="action" style="display:inline-block;background:#14213d;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:999px">Choose a new password</a>',
      ),
    );
    assert.match(
      html,
      /<br><a href="https:\/\/church\.example\/reset-password\/abc" class="written"[^>]*>https:\/\/church\.example\/reset-password\/abc<\/a>/,
    );
    assert.doesNotMatch(html, /Choose a new password:/, 'the label is the button, not text beside it');
    assert.match(html, /<p style="margin:0 0 16px">The link works once\.<\/p>/);
  });

  it('lines beside an action keep their paragraph; a sentence ending in an address stays a link in the text', () => {
    const html = textToHtml(
      'We send this at most once a day.\nStop these e-mails: https://church.example/off/t\n\nRead more at https://church.example/news today.',
    );
    const [first, button, last] = html.split('\n');
    assert.equal(first, '<p style="margin:0 0 16px">We send this at most once a day.</p>');
    assert.match(button, />Stop these e-mails<\/a>/);
    assert.match(last, /^<p[^>]*>Read more at <a href="https:\/\/church\.example\/news"/);
    assert.doesNotMatch(last, /class="action"/);
  });

  it('escapes what it writes, and the plain-text part keeps the address in full', () => {
    assert.match(
      actionButton('Tom & Ann', 'https://x.example/?a=1&b=2'),
      /href="https:\/\/x\.example\/\?a=1&amp;b=2"[^>]*>Tom &amp; Ann</,
    );
    const mail = composeMail(
      { mailFrom: 'x@example.org' },
      { to: 'a@example.org', subject: 'S', text: 'Log in: https://x.example/login\n' },
    );
    assert.match(String(mail.text), /^Log in: https:\/\/x\.example\/login$/m);
    assert.match(String(mail.html), /class="action"[^>]*>Log in<\/a>/);
  });
});
