/**
 * The devotional body's editor (TipTap): paragraphs, two heading levels,
 * bold, italic, underline, lists, quotes and links, the markup the site
 * keeps (the server sanitizes what it stores to that same set). A chunk of
 * its own, loaded only by the staff pages that edit a body.
 */
import { useEffect, useId, useState, type CSSProperties, type FormEvent } from 'react';
import { Mark, mergeAttributes } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import styled from 'styled-components';
import { Button, Input, theme } from '@ministry/shared/ui';

/** A verse's reference under its quote (`<cite>`), as the sample devotionals have them. */
const Cite = Mark.create({
  name: 'cite',
  parseHTML: () => [{ tag: 'cite' }],
  renderHTML: ({ HTMLAttributes }) => ['cite', mergeAttributes(HTMLAttributes), 0],
});

const Frame = styled.div<{ $invalid: boolean }>`
  border: 1.5px solid ${(p) => (p.$invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: 8px;
  background: #fff;
  &:focus-within {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 1px;
  }
  .ProseMirror {
    min-height: 280px;
    max-height: 70vh;
    overflow-y: auto;
    padding: 14px 16px;
    line-height: 1.7;
    overflow-wrap: anywhere;
    outline: none;
  }
  .ProseMirror p {
    margin: 0 0 0.9em;
  }
  .ProseMirror h2,
  .ProseMirror h3 {
    color: ${theme.colors.primary};
    margin: 1.2em 0 0.4em;
  }
  .ProseMirror h2 {
    font-size: 1.35rem;
  }
  .ProseMirror h3 {
    font-size: 1.15rem;
  }
  .ProseMirror blockquote {
    margin: 0 0 1em;
    padding: 10px 16px;
    border-left: 4px solid ${theme.colors.accent};
    background: ${theme.colors.surface};
    font-style: italic;
  }
  .ProseMirror cite {
    font-style: normal;
    font-weight: 600;
    color: ${theme.colors.accentText};
  }
  .ProseMirror ul,
  .ProseMirror ol {
    padding-left: 1.4em;
  }
  .ProseMirror li p {
    margin: 0 0 0.3em;
  }
  .ProseMirror a {
    color: ${theme.colors.primary};
  }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  padding: 6px;
  border-bottom: 1px solid ${theme.colors.border};
  background: ${theme.colors.surface};
  border-radius: 8px 8px 0 0;
`;

const Tool = styled.button`
  min-width: 44px;
  min-height: 40px;
  padding: 6px 10px;
  border: 1px solid transparent;
  border-radius: 6px;
  background: transparent;
  color: ${theme.colors.primary};
  font: inherit;
  font-size: 0.9rem;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    background: #fff;
    border-color: ${theme.colors.border};
  }
  &[aria-pressed='true'] {
    background: ${theme.colors.primary};
    color: ${theme.colors.onPrimary};
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 1px;
  }
`;

const LinkForm = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  padding: 8px;
  border-bottom: 1px solid ${theme.colors.border};
  label {
    font-weight: 500;
    font-size: 0.9rem;
  }
  input {
    flex: 1 1 220px;
    width: auto;
  }
`;

interface ToolSpec {
  label: string;
  /** What a screen reader says for a one-letter label (B, I, U). */
  name?: string;
  /** How the button shows what it does (B in bold, I in italics). */
  look?: CSSProperties;
  active: (e: Editor) => boolean;
  run: (e: Editor) => void;
}

const TOOLS: ToolSpec[] = [
  {
    label: 'B',
    name: 'Bold',
    look: { fontWeight: 800 },
    active: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    label: 'I',
    name: 'Italic',
    look: { fontStyle: 'italic', fontFamily: 'Georgia, serif' },
    active: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: 'U',
    name: 'Underline',
    look: { textDecoration: 'underline' },
    active: (e) => e.isActive('underline'),
    run: (e) => e.chain().focus().toggleUnderline().run(),
  },
  {
    label: 'Heading',
    active: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: 'Subheading',
    active: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  { label: 'Bullets', active: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: 'Numbers', active: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
  { label: 'Quote', active: (e) => e.isActive('blockquote'), run: (e) => e.chain().focus().toggleBlockquote().run() },
];

/** Only web and e-mail links: what the server keeps. */
const SAFE_LINK = /^(https?:\/\/|mailto:)\S+$/i;

/**
 * `value` is HTML; `onChange` gets the new HTML on every change (an empty
 * editor gives ''). `labelId` names the editor, `describedBy` its error.
 */
export default function RichTextEditor({
  value,
  onChange,
  onBlur,
  labelId,
  describedBy,
  invalid = false,
}: {
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
}) {
  const linkId = useId();
  const [link, setLink] = useState<{ href: string; error: string | null } | null>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        // No empty paragraph kept at the end of every body.
        trailingNode: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto'],
          HTMLAttributes: { rel: 'noopener noreferrer', target: null },
        },
      }),
      Cite,
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => onBlur?.(),
  });

  // The form may set the body from outside (a reset after saving): the editor follows.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // aria-invalid and aria-describedby follow the form's state.
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
        },
      },
    });
  }, [editor, labelId, describedBy, invalid]);

  const pressed = useEditorState({
    editor,
    selector: ({ editor: e }) => (e ? TOOLS.map((t) => t.active(e)).concat(e.isActive('link')) : []),
  });

  const applyLink = (event?: FormEvent) => {
    event?.preventDefault();
    if (!editor || !link) return;
    const href = link.href.trim();
    if (!href) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setLink(null);
      return;
    }
    if (!SAFE_LINK.test(href)) {
      setLink({ href: link.href, error: 'Give a web address starting with https:// (or a mailto: address)' });
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    setLink(null);
  };

  return (
    <Frame $invalid={invalid}>
      <Toolbar role="toolbar" aria-label="Formatting">
        {TOOLS.map((tool, i) => (
          <Tool
            key={tool.label}
            type="button"
            aria-label={tool.name}
            style={tool.look}
            aria-pressed={pressed?.[i] ?? false}
            disabled={!editor}
            // A click keeps the focus (and the cursor) in the text: typing goes on at once.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => editor && tool.run(editor)}
          >
            {tool.label}
          </Tool>
        ))}
        <Tool
          type="button"
          aria-pressed={pressed?.[TOOLS.length] ?? false}
          aria-expanded={link !== null}
          aria-controls={link ? linkId : undefined}
          disabled={!editor}
          onClick={() =>
            setLink(link ? null : { href: (editor?.getAttributes('link').href as string | undefined) ?? 'https://', error: null })
          }
        >
          Link
        </Tool>
      </Toolbar>
      {link && (
        <LinkForm id={linkId} role="group" aria-label="Link">
          <label htmlFor={`${linkId}-href`}>Link address</label>
          <Input
            id={`${linkId}-href`}
            type="url"
            value={link.href}
            autoFocus
            aria-invalid={link.error ? true : undefined}
            aria-describedby={link.error ? `${linkId}-error` : undefined}
            onChange={(e) => setLink({ href: e.target.value, error: null })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') applyLink(e);
              if (e.key === 'Escape') setLink(null);
            }}
          />
          <Button type="button" onClick={() => applyLink()}>
            Apply
          </Button>
          <Button
            type="button"
            $variant="outline"
            onClick={() => {
              editor?.chain().focus().extendMarkRange('link').unsetLink().run();
              setLink(null);
            }}
          >
            Remove link
          </Button>
          {link.error && (
            <p id={`${linkId}-error`} style={{ color: theme.colors.danger, margin: 0, flexBasis: '100%' }}>
              {link.error}
            </p>
          )}
        </LinkForm>
      )}
      <EditorContent editor={editor} />
    </Frame>
  );
}
