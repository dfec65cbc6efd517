/**
 * Every width from a small phone to a desktop, signed in as an admin, who also sees the staff pages: the page never
 * scrolls sideways and every header control is on screen or behind the menu
 * button (the checks are in ../widths.ts).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { logIn, newPage } from '../harness';
import { checkEveryWidth, MEMBER, setUpWidths, type WidthsSetup } from '../widths';

let setup: WidthsSetup;

before(async () => {
  setup = await setUpWidths();
});

after(async () => {
  await setup?.browser.close();
  await setup?.site.stop();
});

describe('every width from 360 to 1440 px, signed in', () => {
  it('signed in: no sideways scroll, the member menu on screen, page links or the menu button', async () => {
    const { context, page } = await newPage(setup.browser, { width: 1280, height: 900 });
    await logIn(setup.site, page, MEMBER);
    const problems = await checkEveryWidth(setup, page, 'signed-in');
    await context.close();
    assert.deepEqual(problems, []);
  });

  it("on a phone, a signed-in member's menu has their pages and Logout; an admin's has the staff pages", async () => {
    const { context, page } = await newPage(setup.browser, { width: 390, height: 844 });
    await logIn(setup.site, page, MEMBER);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['Profile', 'My posts', 'Staff pages'])
      assert.ok(await drawer.getByRole('link', { name }).isVisible(), `${name} is in the menu`);
    assert.ok(await drawer.getByRole('button', { name: 'Logout' }).isVisible());
    await context.close();
  });

  it("toasts sit below the header in the site's font, and an open member menu stays above them", async () => {
    const { context, page } = await newPage(setup.browser, { width: 1280, height: 900 });
    await logIn(setup.site, page, MEMBER);
    // The footer's newsletter box says thank you in a toast.
    // The newsletter box loads when the footer comes into view. The page above may still grow (its parts
    // loading) and push the footer away again: like a visitor, keep going down until the box is there.
    await page.waitForFunction(() => {
      document.querySelector('footer')?.scrollIntoView();
      return document.querySelector('footer form') !== null;
    });
    const newsletter = page.getByRole('form', { name: 'Newsletter' });
    await newsletter.waitFor();
    await newsletter.getByLabel('Your e-mail address').fill(`toast-${Date.now()}@example.org`);
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    const toast = page.locator('.Toastify__toast').first();
    await toast.waitFor();
    const headerBox = (await page.locator('header').first().boundingBox())!;
    assert.ok((await toast.boundingBox())!.y >= headerBox.y + headerBox.height, 'the toast is below the header');
    assert.match(await toast.evaluate((el) => getComputedStyle(el).fontFamily), /Poppins/);
    await page.getByRole('button', { name: MEMBER.firstname }).click();
    const profile = page.getByRole('link', { name: 'Profile' });
    const box = (await profile.boundingBox())!;
    const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.textContent ?? '', {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    });
    assert.equal(onTop.trim(), 'Profile', 'the menu is above the toast');
    await context.close();
  });
});
