import { useRef, useState } from 'react';
import styled from 'styled-components';
import {
  amountNote,
  DEFAULT_DONATION_TYPE,
  DONATION_TYPES,
  findDonationType,
  planLabel,
  siteIdentity,
  type DonationFrequency,
  type DonationType,
} from '@ministry/shared/config';
import {
  Container,
  ExternalButton,
  media,
  Muted,
  PageBanner,
  Section,
  SectionTitle,
  theme,
  usePageTitle,
  usePrefersReducedMotion,
} from '@ministry/shared/ui';
import { DonationCard } from './DonationCard';
import { PaymentNotice, usePaymentStatus } from '../payment-status/PaymentNotice';
import { donationPageUrl } from './api';

const Cards = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 20px;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  @media (max-width: 1024px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    gap: 14px;
  }
`;

const Give = styled.section`
  background: ${theme.colors.surface};
  padding: 56px 0;
  scroll-margin-top: 16px;
  ${media.mobile} {
    padding: 36px 0;
  }
`;

const GiveLayout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 40px;
  align-items: start;
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    gap: 24px;
  }
`;

const Why = styled.div`
  p {
    margin: 0 0 14px;
    line-height: 1.8;
  }
  ul {
    margin: 0;
    padding-left: 20px;
    line-height: 1.9;
  }
`;

const Checkout = styled.div`
  background: #fff;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  box-shadow: ${theme.shadow};
  padding: 28px;
  ${media.mobile} {
    padding: 20px;
  }
`;

const Choice = styled.p`
  font-size: 1.25rem;
  font-weight: 700;
  color: ${theme.colors.primary};
  margin: 4px 0 8px;
`;

const Plans = styled.fieldset`
  border: none;
  margin: 18px 0;
  padding: 0;
  legend {
    font-weight: 500;
    font-size: 0.92rem;
    margin-bottom: 8px;
    padding: 0;
  }
`;

const PlanOptions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`;

const PlanLabel = styled.label<{ $checked: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 44px;
  padding: 8px 16px;
  border-radius: 999px;
  border: 2px solid ${(p) => (p.$checked ? theme.colors.primary : theme.colors.border)};
  background: ${(p) => (p.$checked ? theme.colors.primary : '#fff')};
  color: ${(p) => (p.$checked ? '#fff' : theme.colors.text)};
  font-weight: 600;
  cursor: pointer;
  &:focus-within {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  input {
    position: absolute;
    opacity: 0;
    width: 1px;
    height: 1px;
  }
`;

/** /offering: 'Donate & Help'. Choosing a card scrolls to the checkout area and sets the type (Offering by default). */
export function OfferingPage() {
  usePageTitle('Donate & Help');
  const reducedMotion = usePrefersReducedMotion();
  const [type, setType] = useState<DonationType>(DEFAULT_DONATION_TYPE);
  const payments = usePaymentStatus();
  const [frequency, setFrequency] = useState<DonationFrequency>('once');
  const giveRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const option = findDonationType(type) ?? DONATION_TYPES[0];

  const choose = (next: DonationType) => {
    setType(next);
    setFrequency('once');
    giveRef.current?.scrollIntoView?.({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  };

  return (
    <>
      <PageBanner>
        <Container>
          <h1>Donate &amp; Help</h1>
          <p>
            Your giving carries the Word further, feeds families in need and keeps the light of {siteIdentity.shortName} shining
            in every city.
          </p>
        </Container>
      </PageBanner>

      <Section aria-labelledby="giving-types">
        <Container>
          <SectionTitle id="giving-types">Choose your gift</SectionTitle>
          <Cards>
            {DONATION_TYPES.map((o) => (
              <li key={o.type}>
                <DonationCard option={o} selected={o.type === type} onChoose={() => choose(o.type)} />
              </li>
            ))}
          </Cards>
        </Container>
      </Section>

      <Give ref={giveRef} id="give" aria-labelledby="give-heading" data-testid="checkout-area">
        <Container>
          <GiveLayout>
            <Why>
              <SectionTitle id="give-heading" ref={headingRef} tabIndex={-1}>
                How can you help?
              </SectionTitle>
              <p>
                Every gift, large or small, is a seed sown into the work of {siteIdentity.ministryName}. Give once, or stand with
                us every week or every month.
              </p>
              <ul>
                <li>Offerings and tithes keep our churches and services open to all.</li>
                <li>Charitable gifts feed, clothe and shelter families in need.</li>
                <li>Generous partners carry missions, media and {siteIdentity.tvNetwork.name} to new nations.</li>
              </ul>
            </Why>
            <Checkout aria-labelledby="gift-choice">
              <PaymentNotice status={payments} what="gifts" />
              <Muted>You are giving</Muted>
              <Choice id="gift-choice" aria-live="polite">
                {option.label} — {amountNote(option)}
              </Choice>
              <Muted>{option.description}</Muted>
              {option.plans.length > 1 && (
                <Plans>
                  <legend>How often?</legend>
                  <PlanOptions>
                    {option.plans.map((plan) => (
                      <PlanLabel key={plan.frequency} $checked={plan.frequency === frequency}>
                        <input
                          type="radio"
                          name="frequency"
                          value={plan.frequency}
                          checked={plan.frequency === frequency}
                          onChange={() => setFrequency(plan.frequency)}
                        />
                        {planLabel(plan)}
                      </PlanLabel>
                    ))}
                  </PlanOptions>
                </Plans>
              )}
              <ExternalButton
                href={donationPageUrl(option.type, frequency)}
                target="_blank"
                rel="noopener noreferrer"
                $block
                style={{ marginTop: option.plans.length > 1 ? 0 : 20 }}
              >
                Donate
                <span className="visually-hidden"> {option.label} (opens in a new tab)</span>
              </ExternalButton>
              <Muted style={{ marginTop: 12 }}>Opens our secure payment page in a new tab.</Muted>
            </Checkout>
          </GiveLayout>
        </Container>
      </Give>
    </>
  );
}
