/**
 * Kept pages wait their turn behind the API (src/site/pageTurns.ts): each
 * turn of the event loop lets a set number of pages go out, and whatever
 * else came in meanwhile (an API call) runs before the next one.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPageTurns } from '../src/site/pageTurns.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('page turns', () => {
  it('lets one page go per turn of the event loop, in the order they came', async () => {
    const turns = createPageTurns(1);
    const sent: number[] = [];
    const pages = [1, 2, 3].map((n) => turns.wait().then(() => sent.push(n)));
    assert.equal(turns.waiting, 3);
    await nextTurn();
    assert.deepEqual(sent, [1]);
    await nextTurn();
    assert.deepEqual(sent, [1, 2]);
    await Promise.all(pages);
    assert.deepEqual(sent, [1, 2, 3]);
    assert.equal(turns.waiting, 0);
  });

  it('answers what arrives between two pages before the second page', async () => {
    const turns = createPageTurns(1);
    const order: string[] = [];
    const pages = ['page 1', 'page 2'].map((name) => turns.wait().then(() => order.push(name)));
    // An API call whose request is read after the first page's turn was set.
    setImmediate(() => order.push('api call'));
    await Promise.all(pages);
    assert.deepEqual(order, ['page 1', 'api call', 'page 2']);
  });

  it('sends as many as it is allowed per turn', async () => {
    const turns = createPageTurns(2);
    let sent = 0;
    const pages = [1, 2, 3, 4, 5].map(() => turns.wait().then(() => sent++));
    await nextTurn();
    assert.equal(sent, 2);
    await Promise.all(pages);
    assert.equal(sent, 5);
  });
});
