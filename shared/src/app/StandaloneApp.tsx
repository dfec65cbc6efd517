import type { ComponentType } from 'react';
import { BrowserRouter, Link } from 'react-router-dom';
import styled from 'styled-components';
import { createAppStore } from '@ministry/shared/store';
import { theme } from '../ui/theme';
import { AppProviders } from './AppProviders';

const Bar = styled.div`
  background: ${theme.colors.primary};
  color: #fff;
  padding: 8px 16px;
  font-size: 0.85rem;
  a {
    color: #fff;
    margin-left: 12px;
  }
`;

/** What a remote's manifest (app.json) says of it that its standalone page uses. */
export interface StandaloneManifest {
  name: string;
  label?: string;
  pages: { path: string; title: string }[];
}

/**
 * How a remote runs on its own dev server: its own store, theme, router and
 * toasts, at the same URLs as in the shell, with a thin bar naming it and
 * linking its pages (those of its manifest without a parameter).
 */
export function StandaloneApp({ app, Routes }: { app: StandaloneManifest; Routes: ComponentType }) {
  const links = app.pages.filter((page) => !page.path.includes(':')).map((page) => [page.path, page.title] as const);
  const { store, persistor } = createAppStore();
  return (
    <AppProviders store={store} persistor={persistor}>
      <BrowserRouter>
        <Bar role="navigation" aria-label="Standalone preview">
          <strong>{app.label ?? app.name}</strong> (standalone)
          {links.map(([to, label]) => (
            <Link key={to} to={to}>
              {label}
            </Link>
          ))}
        </Bar>
        <main>
          <Routes />
        </main>
      </BrowserRouter>
    </AppProviders>
  );
}
