import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RichTextEditor from './RichTextEditor';

function Harness({ initial, onHtml }: { initial: string; onHtml: (html: string) => void }) {
  const [html, setHtml] = useState(initial);
  return (
    <>
      <div id="body-label">Devotional</div>
      <RichTextEditor
        value={html}
        labelId="body-label"
        onChange={(next) => {
          setHtml(next);
          onHtml(next);
        }}
      />
    </>
  );
}

// jsdom lays nothing out: the editor's scrolling to the cursor (after a toolbar button) measures nothing.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const noRect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
beforeAll(() => {
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = noRect;
  (Text.prototype as unknown as { getClientRects: () => DOMRectList }).getClientRects = noRects;
  document.elementFromPoint = () => null;
});

describe('RichTextEditor', () => {
  it('shows the body, names its text box, and formats the selection from its toolbar', async () => {
    const seen: string[] = [];
    const user = userEvent.setup();
    render(<Harness initial="<p>The Lord is my shepherd</p>" onHtml={(h) => seen.push(h)} />);
    const box = await screen.findByRole('textbox', { name: 'Devotional' });
    expect(box).toHaveTextContent('The Lord is my shepherd');
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeInTheDocument();

    // Select everything, then make it a heading and bold.
    act(() => {
      const range = document.createRange();
      range.selectNodeContents(box.querySelector('p')!);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      box.dispatchEvent(new Event('focus'));
    });
    await user.click(screen.getByRole('button', { name: 'Heading' }));
    await waitFor(() => expect(seen.at(-1)).toMatch(/^<h2>The Lord is my shepherd<\/h2>$/));
    expect(screen.getByRole('button', { name: 'Heading' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps a quoted verse and its reference', async () => {
    render(<Harness initial="<blockquote><p>Fear not</p><cite>Isaiah 41:10</cite></blockquote>" onHtml={() => undefined} />);
    const box = await screen.findByRole('textbox', { name: 'Devotional' });
    expect(box.querySelector('blockquote cite')).toHaveTextContent('Isaiah 41:10');
  });

  it('refuses a link that is not a web or mail address', async () => {
    const user = userEvent.setup();
    render(<Harness initial="<p>Read more</p>" onHtml={() => undefined} />);
    await screen.findByRole('textbox', { name: 'Devotional' });
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const field = screen.getByLabelText('Link address');
    await user.clear(field);
    await user.type(field, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText(/starting with https:\/\//)).toBeInTheDocument();
  });
});
