import { memo, useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { isStaff } from '@ministry/shared/config';
import { useAuth } from '@ministry/shared/store';
import { ButtonLink, Container, Logo, media, theme } from '@ministry/shared/ui';
import { TranslateWidget } from '../translate/TranslateWidget';
import { DESKTOP_NAV, MEMBER_LINKS, MOBILE_NAV } from './navItems';
import { supportPopovers } from './popoverSupport';
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

/*
 * A popover (the browser hides it until its button shows it, in the top layer): the menu opens from the
 * server's HTML, before the page's scripts have run, and a tap on its button runs no script. Its display is
 * left to the browser's own rule for popovers.
 */
const Drawer = styled.nav`
  position: fixed;
  inset: 0 0 0 auto;
  width: min(320px, 86vw);
  height: auto;
  margin: 0;
  border: none;
  color: #fff;
  background: ${theme.colors.primary};
  padding: 20px;
  overflow-y: auto;
  box-shadow: -10px 0 30px rgba(0, 0, 0, 0.3);
  &::backdrop {
    background: rgba(0, 0, 0, 0.45);
  }
  /* A browser that knows no popovers keeps it hidden until the polyfill opens it (popoverSupport.ts). */
  @supports not selector(:popover-open) {
    &:not([class~=':popover-open']) {
      display: none;
    }
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
 * links: a new page re-renders the header, neither of them.
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

/** Whether the popover `element` is shown (false where the browser knows no popovers). */
function isShown(element: HTMLElement): boolean {
  try {
    return element.matches(':popover-open');
  } catch {
    return false;
  }
}

/**
 * While the drawer is open it keeps the focus: the focus moves to its first item once the open drawer is
 * painted (unless it is inside already), and Tab from its last item goes back to its first (Shift+Tab the
 * other way). Returns what lets it go.
 */
function keepFocusIn(drawer: HTMLElement): () => void {
  const items = () => Array.from(drawer.querySelectorAll<HTMLElement>(FOCUSABLE));
  let moveFocus: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    // Not when the focus is in it already (a popover polyfill focuses its first item itself; the visitor may have
    // tabbed in): moving it back would undo their step.
    moveFocus = setTimeout(() => {
      if (!drawer.contains(document.activeElement)) items()[0]?.focus();
    });
  });
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Tab') return;
    const all = items();
    if (!all.length) return;
    const [first, last] = [all[0]!, all[all.length - 1]!];
    const inside = drawer.contains(document.activeElement);
    if (e.shiftKey && (document.activeElement === first || !inside)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
      e.preventDefault();
      first.focus();
    }
  };
  document.addEventListener('keydown', onKey);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(moveFocus);
    document.removeEventListener('keydown', onKey);
  };
}

/**
 * The site header: the desktop bar, and a drawer on small screens. The drawer is the browser's popover: its
 * buttons open and close it, Escape and a tap beside it close it (then the focus goes back to the menu button),
 * and a new page closes it.
 */
export function Header() {
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);

  useEffect(() => {
    // Where the polyfill's chunk cannot load, the drawer stays closed: the page's links are still in the footer.
    supportPopovers().catch(() => undefined);
    const element = drawer.current;
    if (!element) return;
    let release = isShown(element) ? keepFocusIn(element) : undefined;
    const onToggle = (event: Event) => {
      release?.();
      release = undefined;
      if ((event as ToggleEvent).newState === 'open') {
        release = keepFocusIn(element);
      } else if (element.contains(document.activeElement) || document.activeElement === document.body) {
        menuButton.current?.focus();
      }
    };
    element.addEventListener('toggle', onToggle);
    return () => {
      element.removeEventListener('toggle', onToggle);
      release?.();
    };
  }, []);

  // A link of the drawer leads to a new page: the drawer closes (not on the first render: a drawer opened
  // before the page was taken over stays open).
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    if (drawer.current && isShown(drawer.current)) drawer.current.hidePopover();
  }, [pathname]);

  return (
    <Bar>
      <Inner>
        <Home to="/">
          <Logo light />
          <span className="visually-hidden"> home page</span>
        </Home>
        <DesktopNavigation />
        <MenuButton ref={menuButton} type="button" aria-label="Open menu" popoverTarget="mobile-drawer">
          <MenuIcon />
        </MenuButton>
      </Inner>
      <Drawer id="mobile-drawer" aria-label="Mobile" ref={drawer} popover="auto">
        <CloseDrawer type="button" aria-label="Close menu" popoverTarget="mobile-drawer" popoverTargetAction="hide">
          ×
        </CloseDrawer>
        <DrawerLinks />
      </Drawer>
    </Bar>
  );
}
