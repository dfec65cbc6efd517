import { screen, within } from '@testing-library/react';
import { siteIdentity } from '@ministry/shared/config';
import { privacyPolicy } from '@ministry/shared/texts';
import { renderWithProviders } from '@ministry/shared/testing';
import { PoliciesPage } from './PoliciesPage';

describe('PoliciesPage', () => {
  it('has the logo, the title Privacy Policy and sixteen numbered sections', () => {
    renderWithProviders(<PoliciesPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByRole('banner').querySelector('svg')).toBeInTheDocument();
    const sections = within(screen.getByRole('list', { name: 'Policy sections' })).getAllByRole('heading', { level: 2 });
    expect(sections).toHaveLength(16);
    expect(sections[0]).toHaveTextContent('1. Conditions of use');
    expect(sections[15]).toHaveTextContent('16. Contact Us');
    expect(screen.getByRole('heading', { name: 'Introduction' })).toBeInTheDocument();
  });

  it('gives the sections the footer links to their anchors, and scrolls to the one in the address', () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this.id);
    };
    renderWithProviders(<PoliciesPage />, { route: '/policies#our-cookie-policy' });
    for (const id of ['conditions-of-use', 'privacy-policy', 'our-cookie-policy', 'user-data-we-collect']) {
      expect(document.getElementById(id)?.tagName).toBe('H2');
    }
    expect(scrolled).toEqual(['our-cookie-policy']);
  });

  it("states the policy's terms: age 18, data collected, purposes, no selling, cookies, links, Delaware, e-mail changes, termination, contact", () => {
    renderWithProviders(<PoliciesPage />);
    const text = document.body.textContent!;
    expect(text).toMatch(/at least 18/);
    expect(text).toMatch(/IP address/);
    expect(text).toMatch(/contact information/);
    expect(text).toMatch(/interests/);
    expect(text).toMatch(/behaviour/);
    for (const purpose of [
      'understand your needs',
      'improve our services',
      'promotional e-mails',
      'surveys',
      'customise the website',
    ])
      expect(text).toContain(purpose);
    expect(text).toMatch(/do not sell or lease/);
    // What "Download my data" and "Delete my account" do.
    expect(text).toMatch(/Download your data: .*ZIP file/);
    expect(text).toMatch(/Delete your account: .*deleted or kept without your name.*past gifts are kept/);
    expect(text).toMatch(/Cookies are small files/);
    expect(text).toMatch(/links to other websites/i);
    expect(text).toMatch(/State of Delaware/);
    expect(text).toMatch(/courts of Delaware/);
    expect(text).toMatch(/by electronic mail/);
    expect(text).toMatch(/terminate accounts/);
    expect(text).toContain(siteIdentity.contact.address);
    expect(screen.getByRole('link', { name: siteIdentity.contact.adminEmail })).toHaveAttribute(
      'href',
      `mailto:${siteIdentity.contact.adminEmail}`,
    );
    expect(privacyPolicy.sections).toHaveLength(16);
  });
});
