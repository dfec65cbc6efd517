import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import styled from 'styled-components';
import { theme } from '@ministry/shared/ui';

const Prose = styled.div`
  font-size: 1.05rem;
  line-height: 1.8;
  overflow-wrap: anywhere;
  p {
    margin: 0 0 1.1em;
  }
  h2,
  h3,
  h4 {
    color: ${theme.colors.primary};
    margin: 1.6em 0 0.5em;
  }
  h3 {
    font-size: 1.2rem;
  }
  blockquote {
    margin: 0 0 1.6em;
    padding: 18px 22px;
    border-left: 4px solid ${theme.colors.accent};
    background: ${theme.colors.surface};
    border-radius: 0 ${theme.radius} ${theme.radius} 0;
    font-size: 1.1rem;
    font-style: italic;
    p {
      margin: 0 0 8px;
    }
  }
  cite {
    display: block;
    font-style: normal;
    font-weight: 600;
    color: ${theme.colors.accentText};
  }
  ul,
  ol {
    padding-left: 1.4em;
    margin: 0 0 1.1em;
  }
  a {
    color: ${theme.colors.primary};
  }
`;

/** Only what a devotional body needs; anything else is dropped. */
const ALLOWED = {
  ALLOWED_TAGS: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'blockquote', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'span', 'cite'],
  ALLOWED_ATTR: ['href', 'title', 'rel', 'target'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/|#)/i,
};

/**
 * Cleans devotional HTML in the browser too (the API already sanitized it).
 * The server renderer has no DOM for DOMPurify: it shows the API's
 * sanitized answer, and the browser cleans it again on every render after.
 */
export function sanitizeDevotionalHtml(html: string): string {
  return typeof window === 'undefined' ? html : DOMPurify.sanitize(html, ALLOWED);
}

/** The devotional's HTML body, rendered only after DOMPurify has cleaned it. */
export function DevotionalBody({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeDevotionalHtml(html), [html]);
  return <Prose dangerouslySetInnerHTML={{ __html: clean }} />;
}
