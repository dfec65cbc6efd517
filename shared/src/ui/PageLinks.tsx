import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { theme } from './theme';

const Bar = styled.nav`
  margin-top: 32px;
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    align-items: center;
    gap: 8px;
  }
  a,
  span {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 44px;
    min-height: 44px;
    padding: 0 12px;
    border-radius: 8px;
    font-weight: 600;
  }
  a {
    border: 1px solid ${theme.colors.border};
    color: ${theme.colors.primary};
    text-decoration: none;
  }
  a:hover {
    background: ${theme.colors.surface};
  }
  a[aria-current='page'] {
    background: ${theme.colors.primary};
    border-color: ${theme.colors.primary};
    color: #fff;
  }
  span {
    color: ${theme.colors.muted};
  }
`;

/** The page numbers to offer: the first, the last, and those around the current one; null is a gap. */
export function pageNumbers(page: number, pages: number, around = 1): (number | null)[] {
  const shown = new Set([1, pages]);
  for (let n = page - around; n <= page + around; n++) if (n >= 1 && n <= pages) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1] === 2) out.push(n - 1);
    else if (i > 0 && n - sorted[i - 1] > 2) out.push(null);
    out.push(n);
  });
  return out;
}

/**
 * The pages of a long public list as real links (`?page=2`), so every page
 * is a URL the server renders and a visitor can share: Previous, the page
 * numbers near the current one, Next. Nothing shows for a single page.
 */
export function PageLinks({
  page,
  pages,
  hrefFor,
  label,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  if (pages <= 1) return null;
  return (
    <Bar aria-label={label}>
      <ol>
        {page > 1 && (
          <li>
            <Link to={hrefFor(page - 1)} rel="prev">
              Previous
            </Link>
          </li>
        )}
        {pageNumbers(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`}>
              <span aria-hidden="true">…</span>
            </li>
          ) : (
            <li key={n}>
              <Link to={hrefFor(n)} aria-current={n === page ? 'page' : undefined} aria-label={`Page ${n}`}>
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <Link to={hrefFor(page + 1)} rel="next">
              Next
            </Link>
          </li>
        )}
      </ol>
    </Bar>
  );
}

/** The page a `?page=` asks for: a whole number from 1 (anything else is the first). */
export function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10000 ? n : 1;
}
