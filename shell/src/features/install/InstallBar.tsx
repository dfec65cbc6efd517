import styled from 'styled-components';
import { siteIdentity } from '@ministry/shared/config';

// In the flow above the footer, never over the page: nothing it covers, nothing that jumps on screen.
const Bar = styled.aside`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  max-width: 720px;
  margin: 24px auto;
  padding: 10px 12px 10px 16px;
  border: 1px solid #d9d6cf;
  border-radius: 12px;
  background: #fff;
  color: #1d1d1f;
  font-size: 0.9rem;
  p {
    flex: 1 1 260px;
    margin: 0;
  }
  .install {
    min-height: 40px;
    padding: 8px 16px;
    border: none;
    border-radius: 999px;
    background: #14213d;
    color: #fff;
    font-weight: 600;
    cursor: pointer;
  }
  .close {
    min-width: 40px;
    min-height: 40px;
    border: none;
    border-radius: 50%;
    background: none;
    color: #555;
    font-size: 1.4rem;
    line-height: 1;
    cursor: pointer;
  }
  @media (max-width: 760px) {
    margin: 16px;
  }
`;

/** The suggestion itself, loaded only once the browser offers to install the site (see InstallSuggestion). */
export function InstallBar({ install, close }: { install: () => Promise<void>; close: () => void }) {
  return (
    <Bar aria-label="Install the app">
      <p>Install {siteIdentity.shortName} on this device: today&apos;s devotional and your tickets a tap away.</p>
      <button type="button" className="install" onClick={() => void install()}>
        Install the app
      </button>
      <button type="button" className="close" aria-label="Dismiss" onClick={close}>
        ×
      </button>
    </Bar>
  );
}
