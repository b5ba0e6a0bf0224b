import { useEffect } from 'react';
import Link from '@tiptap/extension-link';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/** Only what a product description needs: headings, bold, italic, lists and links (the server sanitises the same). */
const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: false,
    // An empty paragraph after a list or a heading would be saved as one.
    trailingNode: false,
  }),
  Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' }),
];

/** The editor's HTML, or nothing when it holds no text (an empty editor's `<p></p>` is no description). */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/**
 * A product's description as rich text, on Tiptap: headings, bold, italic, bulleted and numbered lists and links from
 * its toolbar (and their keyboard shortcuts), kept as HTML.
 */
export function DescriptionEditor({
  value,
  onChange,
  labelledBy,
}: {
  value: string;
  onChange: (html: string) => void;
  labelledBy: string;
}) {
  const editor = useEditor({
    extensions,
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        class:
          'prose-sm min-h-32 px-2.5 py-1.5 text-sm focus:outline-none [&_a]:text-indigo-700 [&_a]:underline [&_h2]:text-base [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5',
      },
    },
    onUpdate: ({ editor: changed }) => onChange(htmlOf(changed)),
  });
  // A description from elsewhere (the product reloaded) replaces what is shown; the owner's own typing does not come back here.
  useEffect(() => {
    if (editor && value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const active = useEditorState({
    editor,
    selector: ({ editor: shown }) => ({
      h2: shown?.isActive('heading', { level: 2 }) ?? false,
      h3: shown?.isActive('heading', { level: 3 }) ?? false,
      bold: shown?.isActive('bold') ?? false,
      italic: shown?.isActive('italic') ?? false,
      bullets: shown?.isActive('bulletList') ?? false,
      numbers: shown?.isActive('orderedList') ?? false,
      link: shown?.isActive('link') ?? false,
    }),
  });

  const tool = (label: string, pressed: boolean | undefined, run: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => (
    <button
      type="button"
      aria-pressed={pressed ?? false}
      disabled={!editor}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => editor && run(editor.chain().focus()).run()}
      className="rounded px-2 py-0.5 text-xs font-semibold text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-pressed:bg-indigo-100 aria-pressed:text-indigo-900"
    >
      {label}
    </button>
  );
  return (
    <div className="rounded-md border border-slate-300 bg-white focus-within:border-indigo-500">
      <div
        role="toolbar"
        aria-label="Description formatting"
        className="flex flex-wrap gap-1 border-b border-slate-200 bg-slate-50 px-1 py-1"
      >
        {tool('Heading', active?.h2, (chain) => chain.toggleHeading({ level: 2 }))}
        {tool('Subheading', active?.h3, (chain) => chain.toggleHeading({ level: 3 }))}
        {tool('Bold', active?.bold, (chain) => chain.toggleBold())}
        {tool('Italic', active?.italic, (chain) => chain.toggleItalic())}
        {tool('Bulleted list', active?.bullets, (chain) => chain.toggleBulletList())}
        {tool('Numbered list', active?.numbers, (chain) => chain.toggleOrderedList())}
        {tool('Link', active?.link, (chain) => {
          const href = window.prompt('Link address (empty removes the link)', editor?.getAttributes('link')['href'] ?? '');
          if (href === null) return chain;
          return href.trim() ? chain.extendMarkRange('link').setLink({ href: href.trim() }) : chain.extendMarkRange('link').unsetLink();
        })}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
