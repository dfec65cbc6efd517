import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { hasRole } from '@ministry/shared/config';
import { useAuth } from '@ministry/shared/store';
import { Container, media, theme } from '@ministry/shared/ui';
import { useSiteConfig } from '../remotes/siteConfig';

const Bar = styled.nav`
  background: ${theme.colors.surface};
  border-bottom: 1px solid ${theme.colors.border};
  /* Every staff page stays in sight: the links wrap onto a second line rather than run off the screen. */
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    list-style: none;
    margin: 0;
    padding: 8px 0;
  }
  a {
    display: inline-block;
    padding: 8px 12px;
    border-radius: 8px;
    color: ${theme.colors.primary};
    text-decoration: none;
    white-space: nowrap;
    font-weight: 500;
    min-height: 44px;
    line-height: 28px;
  }
  a:hover {
    background: #fff;
  }
  ${media.mobile} {
    ul {
      gap: 2px;
    }
    a {
      padding: 8px 10px;
      font-size: 0.9rem;
    }
  }
  a[aria-current='page'] {
    background: ${theme.colors.primary};
    color: ${theme.colors.onPrimary};
  }
`;

/**
 * Every staff page, whichever remote it comes from, sits under one bar
 * linking the staff pages this member's role may open: the pages the live
 * releases declare `staff` (their manifests), the dashboard first.
 */
export function StaffLayout({ children }: { children: ReactNode }) {
  const { pages } = useSiteConfig();
  const role = useAuth().user?.role;
  const links = pages
    .filter((page) => page.staff && page.listed !== false && hasRole(role, page.staff) && !page.path.includes(':'))
    .sort((a, b) => (a.path === '/admin' ? -1 : b.path === '/admin' ? 1 : a.path.localeCompare(b.path)));
  return (
    <>
      <Bar aria-label="Staff pages">
        <Container>
          <ul>
            {links.map((page) => (
              <li key={page.path}>
                <NavLink to={page.path} end>
                  {page.path === '/admin' ? 'Dashboard' : page.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </Container>
      </Bar>
      {children}
    </>
  );
}
