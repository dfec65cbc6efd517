import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { isStaff } from '@ministry/shared/config';
import type { User } from '@ministry/shared/types';
import { theme } from '@ministry/shared/ui';

const Wrap = styled.div`
  position: relative;
`;

const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  background: none;
  border: 1px solid rgba(255, 255, 255, 0.5);
  color: #fff;
  border-radius: 999px;
  padding: 6px 14px 6px 6px;
  min-height: 44px;
  cursor: pointer;
  font-weight: 600;
`;

/** A long first name is cut with an ellipsis rather than widening the header. */
const Name = styled.span`
  max-width: 12ch;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Avatar = styled.span`
  width: 30px;
  height: 30px;
  border-radius: 50%;
  background: ${theme.colors.accent};
  color: ${theme.colors.primary};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  font-weight: 700;
  overflow: hidden;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Menu = styled.ul`
  position: absolute;
  right: 0;
  top: calc(100% + 8px);
  min-width: 180px;
  background: #fff;
  border-radius: 8px;
  box-shadow: ${theme.shadow};
  list-style: none;
  margin: 0;
  padding: 6px 0;
  z-index: 50;
  a,
  button {
    display: block;
    width: 100%;
    text-align: left;
    padding: 10px 16px;
    color: ${theme.colors.text};
    text-decoration: none;
    background: none;
    border: none;
    cursor: pointer;
  }
  a:hover,
  button:hover {
    background: ${theme.colors.surface};
  }
`;

/** The signed-in user's dropdown: Profile, My tickets, My giving, My posts, My schedule, Staff pages (for the staff) and Logout. */
export function UserMenu({ user, onLogout }: { user: User | null; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const name = user ? user.firstname : 'Account';
  return (
    <Wrap ref={ref}>
      <Toggle type="button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
        <Avatar aria-hidden="true">{user?.photo ? <img src={user.photo} alt="" /> : name.charAt(0).toUpperCase()}</Avatar>
        <Name>{name}</Name>
      </Toggle>
      {open && (
        <Menu id={menuId}>
          <li>
            <Link to="/profile" onClick={() => setOpen(false)}>
              Profile
            </Link>
          </li>
          <li>
            <Link to="/my-tickets" onClick={() => setOpen(false)}>
              My tickets
            </Link>
          </li>
          <li>
            <Link to="/my-giving" onClick={() => setOpen(false)}>
              My giving
            </Link>
          </li>
          <li>
            <Link to="/community/my-posts" onClick={() => setOpen(false)}>
              My posts
            </Link>
          </li>
          <li>
            <Link to="/my-schedule" onClick={() => setOpen(false)}>
              My schedule
            </Link>
          </li>
          <li>
            <Link to="/my-groups" onClick={() => setOpen(false)}>
              My groups
            </Link>
          </li>
          {isStaff(user?.role) && (
            <li>
              <Link to="/admin" onClick={() => setOpen(false)}>
                Staff pages
              </Link>
            </li>
          )}
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
            >
              Logout
            </button>
          </li>
        </Menu>
      )}
    </Wrap>
  );
}
