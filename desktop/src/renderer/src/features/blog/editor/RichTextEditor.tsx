import { useEffect, useRef, useState } from 'react';
import { Button, Divider, Input, Modal, Tooltip } from 'antd';
import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  MinusOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { Extension } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions';
import { TEXTS } from '@mahalle/shared';
import { cleanPastedHtml } from './paste';
import './editor.css';

const T = TEXTS.blogEditor;
const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
/** "Ctrl+B" on a PC, "⌘B" on a Mac: as the tooltip says it and aria-keyshortcuts wants it. */
const keys = (combo: string) => ({
  label: MAC ? combo.replace('Mod+', '⌘').replace('Shift+', '⇧').replace('Alt+', '⌥') : combo.replace('Mod', 'Ctrl'),
  aria: combo.replace('Mod', MAC ? 'Meta' : 'Control'),
});

/**
 * The blog's rich-text editor (Tiptap 3 on ProseMirror). Its schema holds only what the server's sanitiser keeps
 * (headings h2–h4, paragraphs, bold, italic, underline, strike, code, lists, quotes, code blocks, rules, links,
 * images), so what it writes is stored as written; the server sanitises it all the same. A form field: `value` is
 * HTML, `onChange` answers HTML ('' when empty). Images go to the blog's upload endpoint through `upload`.
 */
export function RichTextEditor({
  value,
  onChange,
  upload,
  id,
}: {
  value?: string;
  onChange?: (html: string) => void;
  /** Stores a picked, pasted or dropped image; answers its URL, or null when refused (it says why itself). */
  upload: (file: File) => Promise<string | null>;
  id?: string;
}) {
  const [linkOpen, setLinkOpen] = useState(false);
  const [altOpen, setAltOpen] = useState(false);
  const emitted = useRef(value ?? '');
  const uploadRef = useRef(upload);
  uploadRef.current = upload;
  const openLink = useRef(() => setLinkOpen(true));

  const insertFiles = (editor: Editor, files: File[], at?: number) => {
    for (const file of files.filter((f) => f.type.startsWith('image/'))) {
      void uploadRef.current(file).then((src) => {
        if (!src) return;
        const chain = editor.chain().focus();
        (at === undefined ? chain : chain.setTextSelection(at)).setImage({ src, alt: '' }).run();
        // The new image is selected: its description is asked for at once (it may be left empty for a decorative one).
        let pos = -1;
        editor.state.doc.descendants((node, p) => {
          if (node.type.name === 'image' && node.attrs.src === src) pos = p;
        });
        if (pos < 0) return;
        editor.commands.setNodeSelection(pos);
        setAltOpen(true);
      });
    }
  };

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto'],
          isAllowedUri: (url) => /^(https?:\/\/|mailto:)/i.test(url),
          HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
        },
      }),
      Image.configure({ allowBase64: false }),
      Placeholder.configure({ placeholder: T.placeholder }),
      Extension.create({
        name: 'mahalleLinkShortcut',
        addKeyboardShortcuts: () => ({
          'Mod-k': () => {
            openLink.current();
            return true;
          },
        }),
      }),
    ],
    content: value ?? '',
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        class: 'blog-content blog-editor-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': T.content,
      },
      transformPastedHTML: cleanPastedHtml,
      handlePaste: (_view, event) => {
        const files = [...(event.clipboardData?.files ?? [])];
        if (!files.some((f) => f.type.startsWith('image/')) || !editorRef.current) return false;
        insertFiles(editorRef.current, files);
        return true;
      },
      handleDrop: (view, event) => {
        const files = [...(event.dataTransfer?.files ?? [])];
        if (!files.some((f) => f.type.startsWith('image/')) || !editorRef.current) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        insertFiles(editorRef.current, files, at);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      emitted.current = html;
      onChangeRef.current?.(html);
    },
  });
  const editorRef = useRef<Editor | null>(editor);
  editorRef.current = editor;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // A value from outside (the post loaded, a copy restored from this device) replaces the text; its own echo does not.
  useEffect(() => {
    const next = value ?? '';
    if (!editor || next === emitted.current) return;
    emitted.current = next;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="blog-editor">
      <Toolbar editor={editor} onLink={() => setLinkOpen(true)} onAlt={() => setAltOpen(true)} onImages={(files) => insertFiles(editor, files)} />
      <EditorContent editor={editor} />
      {linkOpen && <LinkDialog editor={editor} onClose={() => setLinkOpen(false)} />}
      {altOpen && <AltDialog editor={editor} onClose={() => setAltOpen(false)} />}
    </div>
  );
}

function Toolbar({ editor, onLink, onAlt, onImages }: { editor: Editor; onLink: () => void; onAlt: () => void; onImages: (files: File[]) => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      image: e.isActive('image'),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div className="blog-editor-toolbar" role="toolbar" aria-label={T.toolbar}>
      <Tool label={T.undo} shortcut="Mod+Z" icon={<UndoOutlined />} disabled={!s.canUndo} onClick={() => chain().undo().run()} />
      <Tool label={T.redo} shortcut="Mod+Shift+Z" icon={<RedoOutlined />} disabled={!s.canRedo} onClick={() => chain().redo().run()} />
      <Divider orientation="vertical" />
      <Tool label={T.heading2} shortcut="Mod+Alt+2" text="H2" active={s.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()} />
      <Tool label={T.heading3} shortcut="Mod+Alt+3" text="H3" active={s.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()} />
      <Divider orientation="vertical" />
      <Tool label={T.bold} shortcut="Mod+B" icon={<BoldOutlined />} active={s.bold} onClick={() => chain().toggleBold().run()} />
      <Tool label={T.italic} shortcut="Mod+I" icon={<ItalicOutlined />} active={s.italic} onClick={() => chain().toggleItalic().run()} />
      <Tool label={T.underline} shortcut="Mod+U" icon={<UnderlineOutlined />} active={s.underline} onClick={() => chain().toggleUnderline().run()} />
      <Tool label={T.strike} shortcut="Mod+Shift+S" icon={<StrikethroughOutlined />} active={s.strike} onClick={() => chain().toggleStrike().run()} />
      <Divider orientation="vertical" />
      <Tool
        label={T.bulletList}
        shortcut="Mod+Shift+8"
        icon={<UnorderedListOutlined />}
        active={s.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      />
      <Tool
        label={T.orderedList}
        shortcut="Mod+Shift+7"
        icon={<OrderedListOutlined />}
        active={s.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <Tool label={T.blockquote} shortcut="Mod+Shift+B" text="“" active={s.blockquote} onClick={() => chain().toggleBlockquote().run()} />
      <Tool label={T.codeBlock} shortcut="Mod+Alt+C" icon={<CodeOutlined />} active={s.codeBlock} onClick={() => chain().toggleCodeBlock().run()} />
      <Tool label={T.horizontalRule} icon={<MinusOutlined />} onClick={() => chain().setHorizontalRule().run()} />
      <Divider orientation="vertical" />
      <Tool label={T.link} shortcut="Mod+K" icon={<LinkOutlined />} active={s.link} onClick={onLink} />
      <Tool label={T.image} icon={<PictureOutlined />} onClick={() => fileInput.current?.click()} />
      {s.image && <Tool label={T.imageAlt} text="Alt" onClick={onAlt} />}
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        style={{ display: 'none' }}
        aria-hidden
        tabIndex={-1}
        data-testid="blog-editor-image-input"
        onChange={(e) => {
          onImages([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
    </div>
  );
}

function Tool({
  label,
  shortcut,
  icon,
  text,
  active,
  disabled,
  onClick,
}: {
  label: string;
  shortcut?: string;
  icon?: React.ReactNode;
  text?: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  const k = shortcut ? keys(shortcut) : undefined;
  return (
    <Tooltip title={k ? `${label} (${k.label})` : label} mouseEnterDelay={0.4}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="middle"
        icon={icon}
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        aria-keyshortcuts={k?.aria}
        disabled={disabled}
        // The editor keeps its selection: a toolbar click must not move the focus away first.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
        className="blog-editor-tool"
      >
        {text}
      </Button>
    </Tooltip>
  );
}

function LinkDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [href, setHref] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const trimmed = href.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : trimmed && `https://${trimmed}`;
  const valid = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i.test(withScheme);
  const apply = () => {
    if (!valid) return;
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: trimmed, marks: [{ type: 'link', attrs: { href: withScheme } }] }).run();
    else chain.setLink({ href: withScheme }).run();
    onClose();
  };
  return (
    <Modal
      open
      title={T.link}
      onCancel={() => {
        onClose();
        editor.commands.focus();
      }}
      footer={[
        editor.isActive('link') && (
          <Button
            key="remove"
            danger
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onClose();
            }}
          >
            {T.linkRemove}
          </Button>
        ),
        <Button key="apply" type="primary" disabled={!valid} onClick={apply}>
          {T.linkApply}
        </Button>,
      ]}
    >
      <label htmlFor="blog-editor-link">{T.linkUrl}</label>
      <Input
        id="blog-editor-link"
        autoFocus
        value={href}
        placeholder="https://"
        status={trimmed && !valid ? 'error' : undefined}
        onChange={(e) => setHref(e.target.value)}
        onPressEnter={apply}
      />
      {trimmed && !valid && <div role="alert">{T.linkInvalid}</div>}
    </Modal>
  );
}

function AltDialog({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [alt, setAlt] = useState(() => (editor.getAttributes('image').alt as string | undefined) ?? '');
  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = () => {
    editor.chain().focus().updateAttributes('image', { alt: alt.trim() }).run();
    onClose();
  };
  return (
    <Modal
      open
      title={T.imageAlt}
      onCancel={close}
      footer={[
        <Button key="apply" type="primary" onClick={apply}>
          {T.linkApply}
        </Button>,
      ]}
    >
      <label htmlFor="blog-editor-alt">{T.imageAltHint}</label>
      <Input id="blog-editor-alt" autoFocus value={alt} maxLength={200} onChange={(e) => setAlt(e.target.value)} onPressEnter={apply} />
    </Modal>
  );
}
