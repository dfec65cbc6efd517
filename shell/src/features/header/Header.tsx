import { memo, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { isStaff } from '@ministry/shared/config';
import { useAuth } from '@ministry/shared/store';
import { ButtonLink, Container, Logo, media, theme } from '@ministry/shared/ui';
import { TranslateWidget } from '../translate/TranslateWidget';
import { DESKTOP_NAV, MEMBER_LINKS, MOBILE_NAV } from './navItems';
import { UserMenu } from './UserMenu';
import { useLogout } from './useLogout';

/**
 * Below this width the seven page links do not fit beside the logo and the
 * account buttons (tablets, small laptops, zoomed desktops): they move into
 * the menu.
 */
const compact = '@media (max-width: 1279px)';

const Bar = styled.header`
  background: ${theme.colors.primary};
  color: #fff;
  position: sticky;
  top: 0;
  z-index: 100;
`;

const Inner = styled(Container)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  min-height: 72px;
`;

const Home = styled(Link)`
  text-decoration: none;
  display: inline-flex;
`;

const DesktopNav = styled.nav`
  display: flex;
  align-items: center;
  gap: 4px;
  ${media.mobile} {
    display: none;
  }
  a.nav {
    color: #fff;
    text-decoration: none;
    font-weight: 500;
    font-size: 0.9rem;
    letter-spacing: 0.04em;
    white-space: nowrap;
    padding: 10px 8px;
    border-radius: 6px;
  }
  a.nav:hover {
    background: rgba(255, 255, 255, 0.1);
  }
  a.nav.active {
    color: ${theme.colors.accent};
  }
  ${compact} {
    /* Only the account group is left: it sits at the right, beside the menu button. */
    margin-left: auto;
    a.nav {
      display: none;
    }
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  margin-left: 8px;
  a {
    white-space: nowrap;
  }
`;

const MenuButton = styled.button`
  display: none;
  background: none;
  border: 1px solid rgba(255, 255, 255, 0.5);
  color: #fff;
  border-radius: 8px;
  min-width: 44px;
  min-height: 44px;
  cursor: pointer;
  ${compact} {
    display: inline-flex;
    align-items: center;
    justify-content: center;
  }
`;

const Drawer = styled.nav`
  position: fixed;
  inset: 0 0 0 auto;
  width: min(320px, 86vw);
  background: ${theme.colors.primary};
  padding: 20px;
  overflow-y: auto;
  z-index: 200;
  box-shadow: -10px 0 30px rgba(0, 0, 0, 0.3);
  &[hidden] {
    display: none;
  }
  ul {
    list-style: none;
    margin: 24px 0;
    padding: 0;
  }
  li a,
  li button {
    display: block;
    width: 100%;
    text-align: left;
    color: #fff;
    text-decoration: none;
    padding: 12px 8px;
    font-size: 1rem;
    background: none;
    border: none;
    border-bottom: 1px solid rgba(255, 255, 255, 0.12);
    cursor: pointer;
  }
  li a.active {
    color: ${theme.colors.accent};
  }
`;

const Scrim = styled.div`
  position: fixed;
  inset: 0;
  background: rgba(0, 0, 0, 0.45);
  z-index: 150;
  &[hidden] {
    display: none;
  }
`;

const CloseDrawer = styled.button`
  background: none;
  border: none;
  color: #fff;
  font-size: 1.8rem;
  min-width: 44px;
  min-height: 44px;
  cursor: pointer;
  float: right;
`;

/** What the keyboard can reach inside the drawer (the translator's controls included). */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])';

function MenuIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The desktop bar's links and account buttons. Memoized, like the drawer's
 * links: opening or closing the drawer re-renders neither (only what the
 * tap changes, so it answers at once on a phone).
 */
const DesktopNavigation = memo(function DesktopNavigation() {
  const { isAuth, user } = useAuth();
  const onLogout = useLogout();
  return (
    <DesktopNav aria-label="Main">
      {DESKTOP_NAV.map((item) => (
        <NavLink key={item.to} to={item.to} end={item.to === '/'} className="nav">
          {item.label}
        </NavLink>
      ))}
      <Actions>
        <TranslateWidget light />
        {isAuth ? (
          <UserMenu user={user} onLogout={() => void onLogout()} />
        ) : (
          <>
            <ButtonLink to="/login" $variant="light">
              LOGIN
            </ButtonLink>
            <ButtonLink to="/signup/0" $variant="outline" style={{ color: '#fff', borderColor: '#fff' }}>
              SIGN UP
            </ButtonLink>
          </>
        )}
      </Actions>
    </DesktopNav>
  );
});

/** The drawer's logo, links and language list. */
const DrawerLinks = memo(function DrawerLinks() {
  const { isAuth, user } = useAuth();
  const onLogout = useLogout();
  return (
    <>
      <Logo light />
      <ul>
        {MOBILE_NAV.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.to === '/'}>
              {item.label}
            </NavLink>
          </li>
        ))}
        {isAuth ? (
          <>
            {MEMBER_LINKS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{item.label}</NavLink>
              </li>
            ))}
            {isStaff(user?.role) && (
              <li>
                <NavLink to="/admin" end>
                  Staff Pages
                </NavLink>
              </li>
            )}
            <li>
              <button type="button" onClick={() => void onLogout()}>
                Logout
              </button>
            </li>
          </>
        ) : (
          <>
            <li>
              <NavLink to="/login">Login</NavLink>
            </li>
            <li>
              <NavLink to="/signup/0">Sign Up</NavLink>
            </li>
          </>
        )}
      </ul>
      <TranslateWidget light />
    </>
  );
});

/** The site header: the desktop bar, and a drawer on small screens. */
export function Header() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);

  useEffect(() => setDrawerOpen(false), [pathname]);

  useEffect(() => {
    if (!drawerOpen) return;
    const items = () => Array.from(drawer.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    // The open drawer is painted first, and the focus moves into it right after: on a slow phone the menu shows
    // without waiting for the focus's own style and layout work.
    let moveFocus: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      moveFocus = setTimeout(() => items()[0]?.focus());
    });
    // The open drawer keeps the focus: Tab from its last item goes back to its first (Shift+Tab the other way);
    // Escape closes it, and the focus goes back to the menu button.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setDrawerOpen(false);
        return;
      }
      if (e.key !== 'Tab') return;
      const all = items();
      if (!all.length) return;
      const [first, last] = [all[0]!, all[all.length - 1]!];
      const inside = drawer.current?.contains(document.activeElement) ?? false;
      if (e.shiftKey && (document.activeElement === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const button = menuButton.current;
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(moveFocus);
      document.removeEventListener('keydown', onKey);
      button?.focus();
    };
  }, [drawerOpen]);

  return (
    <Bar>
      <Inner>
        <Home to="/">
          <Logo light />
          <span className="visually-hidden"> home page</span>
        </Home>
        <DesktopNavigation />
        <MenuButton
          ref={menuButton}
          type="button"
          aria-label="Open menu"
          aria-expanded={drawerOpen}
          aria-controls="mobile-drawer"
          onClick={() => setDrawerOpen(true)}
        >
          <MenuIcon />
        </MenuButton>
      </Inner>
      {/* Rendered while closed as well (hidden), with its styles: a tap on the menu button only shows it. */}
      <Scrim hidden={!drawerOpen} onClick={() => setDrawerOpen(false)} aria-hidden="true" />
      <Drawer id="mobile-drawer" aria-label="Mobile" ref={drawer} hidden={!drawerOpen}>
        <CloseDrawer type="button" aria-label="Close menu" onClick={() => setDrawerOpen(false)}>
          ×
        </CloseDrawer>
        <DrawerLinks />
      </Drawer>
    </Bar>
  );
}
