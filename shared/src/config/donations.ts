/**
 * The giving types of spec section 9 and what each card shows. No React here:
 * the API validates donation pages against the same list.
 */
import { formatPrice } from '../format';
export type DonationType = 'offering' | 'tithing' | 'charitable' | 'generous';
export type DonationFrequency = 'once' | 'weekly' | 'monthly';

export interface DonationPlan {
  frequency: DonationFrequency;
  /** The amount suggested, in dollars; the giver may give any amount. */
  amount?: number;
}

export interface DonationOption {
  type: DonationType;
  /** 'Offering', 'Tithing', … */
  label: string;
  /** What the gift is, in a few words (spec section 9). */
  purpose: string;
  /** A sentence for the card. */
  description: string;
  /** One-time first, then the recurring amounts the type shows. */
  plans: DonationPlan[];
}

export const DONATION_TYPES: readonly DonationOption[] = [
  {
    type: 'offering',
    label: 'Offering',
    purpose: 'a voluntary seed',
    description: 'A free-will gift of any amount, sown into the work of the ministry.',
    plans: [{ frequency: 'once' }, { frequency: 'weekly' }, { frequency: 'monthly' }],
  },
  {
    type: 'tithing',
    label: 'Tithing',
    purpose: '10% of income',
    description: 'The tenth of your increase, returned to God through His house.',
    plans: [{ frequency: 'once' }, { frequency: 'weekly' }, { frequency: 'monthly' }],
  },
  {
    type: 'charitable',
    label: 'Charitable',
    purpose: 'help the needy',
    description: 'Food, shelter and care for families in need in our cities.',
    plans: [{ frequency: 'once' }, { frequency: 'weekly', amount: 20 }, { frequency: 'monthly', amount: 100 }],
  },
  {
    type: 'generous',
    label: 'Generous',
    purpose: 'generosity',
    description: 'A standing gift that carries missions, media and outreach forward.',
    plans: [{ frequency: 'once' }, { frequency: 'weekly', amount: 100 }, { frequency: 'monthly', amount: 250 }],
  },
];

export const DEFAULT_DONATION_TYPE: DonationType = 'offering';
export const DONATION_FREQUENCIES: readonly DonationFrequency[] = ['once', 'weekly', 'monthly'];

export function findDonationType(type: string | null | undefined): DonationOption | undefined {
  return DONATION_TYPES.find((option) => option.type === type);
}

/** 'One-time', 'Weekly', 'Monthly'. */
export const frequencyLabel = (frequency: DonationFrequency): string =>
  frequency === 'once' ? 'One-time' : frequency === 'weekly' ? 'Weekly' : 'Monthly';

/** One plan as a card shows it: 'One-time', '$20 weekly'. */
export const planLabel = (plan: DonationPlan): string =>
  plan.amount === undefined ? frequencyLabel(plan.frequency) : `${formatPrice(plan.amount)} ${plan.frequency}`;

/**
 * The amount note of a card: 'Any amount; suggested $20 weekly · $100 monthly', 'Any amount, once, weekly or
 * monthly' (no suggestion), or 'One-time, a voluntary seed' (a type given once only).
 */
export function amountNote(option: DonationOption): string {
  const suggested = option.plans.filter((p) => p.amount !== undefined);
  if (suggested.length) return `Any amount; suggested ${suggested.map(planLabel).join(' · ')}`;
  if (option.plans.length > 1) return 'Any amount, once, weekly or monthly';
  return `One-time, ${option.purpose}`;
}

/** What a gift of this type is called in a sentence: 'offering', 'tithe', 'charitable gift', 'generous gift'. */
export function giftName(type: DonationType): string {
  switch (type) {
    case 'offering':
      return 'offering';
    case 'tithing':
      return 'tithe';
    case 'charitable':
      return 'charitable gift';
    case 'generous':
      return 'generous gift';
  }
}
