/** Giving: tickets and donations (spec section 3: payment). */
import { Type } from '@sinclair/typebox';
import { BodyInteger, BodyText } from './schema';

/** A member's checkout for tickets (POST /api/payment/create-checkout-session). */
export const CheckoutBody = Type.Object({
  /** One line: how many tickets (the price the page knows is not used: the event's own is charged). */
  items: Type.Optional(
    Type.Unsafe<unknown[] | null>({
      type: ['array', 'null'],
      items: Type.Object({ quantity: BodyInteger(), price: Type.Optional(Type.Unknown()) }),
    }),
  ),
  /** The member buying: the session's own (a 403 otherwise). */
  user: BodyText({ maxLength: 100 }),
  event: BodyText({ maxLength: 100 }),
});
