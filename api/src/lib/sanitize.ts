/**
 * Everything stored from outside is cleaned on the server.
 * Rich text (devotional bodies) keeps a small safe set of tags; user text
 * (prayers, stories, comments, names) keeps no markup at all.
 */
import sanitizeHtml from 'sanitize-html';

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'blockquote', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'span', 'cite'],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
  disallowedTagsMode: 'discard',
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

/** One pass: every tag removed; sanitize-html escapes &, <, > and ", which user text (rendered as text) keeps as characters. */
function stripTagsOnce(text: string): string {
  return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * Plain text: no tags at all, control characters removed, whitespace
 * trimmed. Decoding can make a tag of what was text (`&lt;img …&gt;`), so
 * passes repeat until nothing changes: what is stored never holds markup.
 */
export function sanitizePlainText(text: string): string {
  let clean = text;
  // Each pass that changes anything removes a tag or decodes an entity (the text gets shorter): it ends.
  for (let pass = 0; pass <= text.length; pass++) {
    const next = stripTagsOnce(clean);
    if (next === clean) break;
    clean = next;
  }
  // eslint-disable-next-line no-control-regex
  return clean.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim();
}
