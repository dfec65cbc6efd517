import { pageNumbers, pageParam } from './PageLinks';

describe('page links', () => {
  it('offer the first, the last and the pages around the current one, with gaps between', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    // A gap of one page shows that page rather than an ellipsis.
    expect(pageNumbers(4, 10)).toEqual([1, 2, 3, 4, 5, null, 10]);
    expect(pageNumbers(10, 10)).toEqual([1, null, 9, 10]);
  });

  it('read ?page= as a whole number from 1, anything else as the first page', () => {
    expect(pageParam('3')).toBe(3);
    for (const value of [null, '', '0', '-2', '1.5', 'two', '99999']) expect(pageParam(value)).toBe(1);
  });
});
