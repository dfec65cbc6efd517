import { startTransition, useOptimistic, useRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { theme } from './theme';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

const List = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  border-bottom: 2px solid ${theme.colors.border};
  margin-bottom: 28px;
`;

const Tab = styled.button<{ $active: boolean }>`
  background: none;
  border: none;
  border-bottom: 3px solid ${(p) => (p.$active ? theme.colors.primary : 'transparent')};
  margin-bottom: -2px;
  padding: 12px 18px;
  min-height: 44px;
  font-weight: ${(p) => (p.$active ? 700 : 500)};
  color: ${(p) => (p.$active ? theme.colors.primary : theme.colors.muted)};
  cursor: pointer;
  &:hover {
    color: ${theme.colors.primary};
  }
`;

/**
 * An accessible tab list (arrow keys move between tabs); the panel is the
 * caller's. A choice shows in the list at once and reaches the caller in a
 * transition: the panel (often a whole page's re-render, as the tab is in
 * the address) is rendered in slices the browser can paint and answer taps
 * between, so a tap on a tab answers at once on a slow phone.
 */
export function Tabs<K extends string>({
  items,
  active,
  onChange,
  label,
  idPrefix,
}: {
  items: TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  label: string;
  idPrefix: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const [shown, show] = useOptimistic(active);
  const choose = (key: K) =>
    startTransition(() => {
      show(key);
      onChange(key);
    });
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = (index + delta + items.length) % items.length;
    choose(items[next].key);
    refs.current[next]?.focus();
  };
  return (
    <List role="tablist" aria-label={label}>
      {items.map((item, i) => (
        <Tab
          key={item.key}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${item.key}`}
          aria-selected={item.key === shown}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={item.key === shown ? 0 : -1}
          $active={item.key === shown}
          onClick={() => choose(item.key)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {item.label}
        </Tab>
      ))}
    </List>
  );
}

/** The panel that goes with <Tabs>. */
export function TabPanel({ idPrefix, active, children }: { idPrefix: string; active: string; children: React.ReactNode }) {
  return (
    <div role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${active}`}>
      {children}
    </div>
  );
}
