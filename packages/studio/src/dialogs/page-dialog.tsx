import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { customPageSlug, pageSeo, pageTitle } from '@vitrine/commerce';
import type { PageFields } from '../api/client.ts';
import { useEditor, useStudio } from '../context.tsx';
import { validateValue } from '../forms/describe.ts';
import { ImageInput } from '../forms/image-input.tsx';
import { problemText } from '../state/controller.ts';
import { Button } from '../ui/button.tsx';
import { ConfirmStep } from '../ui/confirm-step.tsx';
import { Dialog } from '../ui/dialog.tsx';

const input =
  'mt-1 block w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/30 aria-invalid:border-red-500 disabled:bg-slate-100 disabled:text-slate-500';

/** A page address from its title: `Summer Sale 2025!` → `summer-sale-2025`. */
export function slugFrom(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** An address as typed, tidied part by part when the field is left: `Sale/Summer 2025!` → `sale/summer-2025`. */
export function addressFrom(typed: string): string {
  return typed.split('/').map(slugFrom).filter(Boolean).join('/');
}

/** The problems with page fields, by field, checked with the schemas the server checks them with. */
function pageFieldProblems(
  fields: PageFields,
  custom: boolean,
): Partial<Record<'title' | 'slug' | 'seoTitle' | 'seoDescription' | 'keywords', string>> {
  const problems: Partial<Record<'title' | 'slug' | 'seoTitle' | 'seoDescription' | 'keywords', string>> = {};
  const title = validateValue(pageTitle, fields.title);
  if (title) problems.title = title;
  if (custom) {
    const slug = validateValue(customPageSlug, fields.slug);
    if (slug) problems.slug = slug;
  }
  const seo = pageSeo.shape;
  const seoTitle = validateValue(seo.title, fields.seo.title);
  const seoDescription = validateValue(seo.description, fields.seo.description);
  const keywords = validateValue(seo.keywords, fields.seo.keywords);
  if (seoTitle) problems.seoTitle = seoTitle;
  if (seoDescription) problems.seoDescription = seoDescription;
  if (keywords) problems.keywords = keywords;
  return problems;
}

/** Creating a custom page, or changing the current page's title, address and SEO fields (and deleting a custom page). */
export function PageDialog({ mode, open, onClose }: { mode: 'create' | 'edit'; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title={mode === 'create' ? 'New page' : 'Page settings'}>
      {open ? <PageForm mode={mode} onClose={onClose} /> : null}
    </Dialog>
  );
}

function PageForm({ mode, onClose }: { mode: 'create' | 'edit'; onClose: () => void }) {
  const { controller } = useStudio();
  const id = useId();
  const page = useEditor((s) => (mode === 'edit' ? s.docs.page : null));
  const pageId = useEditor((s) => s.pageInfo?.pageId ?? null);
  const pageTypeId = useEditor((s) => (mode === 'edit' ? (s.pageInfo?.pageTypeId ?? 2) : 2));
  const custom = pageTypeId === 2;
  const [fields, setFields] = useState<PageFields>(() => ({
    title: page?.title ?? '',
    slug: page?.slug ?? '',
    seo: {
      title: page?.seo.title ?? '',
      description: page?.seo.description ?? '',
      keywords: page?.seo.keywords ?? '',
      image: page?.seo.image ?? '',
    },
  }));
  const [slugTouched, setSlugTouched] = useState(mode === 'edit');
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const problems = pageFieldProblems(fields, custom);
  const visible = shown ? problems : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShown(true);
    if (Object.keys(problems).length) return;
    setBusy(true);
    setProblem(null);
    try {
      if (mode === 'create') await controller.createPage(fields);
      else await controller.updatePage(custom ? fields : { ...fields, slug: page?.slug ?? '' });
      onClose();
    } catch (error) {
      setProblem(problemText(error));
      setBusy(false);
    }
  };
  const remove = async () => {
    if (pageId === null) return;
    setBusy(true);
    try {
      await controller.deletePage(pageId);
      onClose();
    } catch (error) {
      setProblem(problemText(error));
      setBusy(false);
    }
  };
  const field = (key: keyof typeof problems, label: string, control: ReactNode, help?: string) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      {control}
      {help ? <p className="mt-1 text-xs text-slate-500">{help}</p> : null}
      {visible[key] ? (
        <p id={`${id}-${key}-error`} className="mt-1 text-xs font-medium text-red-700">
          {visible[key]}
        </p>
      ) : null}
    </div>
  );
  const a11y = (key: keyof typeof problems) => ({
    id: `${id}-${key}`,
    'aria-invalid': visible[key] ? true : undefined,
    'aria-describedby': visible[key] ? `${id}-${key}-error` : undefined,
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      {field(
        'title',
        'Title',
        <input
          {...a11y('title')}
          className={input}
          value={fields.title}
          onChange={(e) => {
            const title = e.target.value;
            setFields((f) => ({ ...f, title, slug: slugTouched || !custom ? f.slug : slugFrom(title) }));
          }}
        />,
      )}
      {field(
        'slug',
        'Address',
        <div className="mt-1 flex items-center rounded-md border border-slate-300 text-sm focus-within:border-indigo-500 focus-within:outline-2 focus-within:outline-indigo-500/30">
          <span className="pl-2.5 text-slate-500">/</span>
          <input
            {...a11y('slug')}
            disabled={!custom}
            className="block w-full rounded-md border-0 px-1 py-1.5 focus:outline-none disabled:bg-transparent disabled:text-slate-500"
            value={custom ? fields.slug : pageTypeId === 1 ? '' : fields.slug}
            onChange={(e) => {
              setSlugTouched(true);
              setFields((f) => ({ ...f, slug: e.target.value.toLowerCase() }));
            }}
            onBlur={() => custom && setFields((f) => ({ ...f, slug: addressFrom(f.slug) }))}
          />
        </div>,
        custom ? undefined : 'The address of the home page and of templates is fixed.',
      )}
      <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-xs font-semibold text-slate-700">Search engines and sharing</legend>
        {field(
          'seoTitle',
          'Share title',
          <input
            {...a11y('seoTitle')}
            className={input}
            value={fields.seo.title}
            onChange={(e) => setFields((f) => ({ ...f, seo: { ...f.seo, title: e.target.value } }))}
          />,
          'Shown in link previews when the page is shared; the page title is used when empty.',
        )}
        {field(
          'seoDescription',
          'Description',
          <textarea
            {...a11y('seoDescription')}
            rows={3}
            className={input}
            value={fields.seo.description}
            onChange={(e) => setFields((f) => ({ ...f, seo: { ...f.seo, description: e.target.value } }))}
          />,
        )}
        {field(
          'keywords',
          'Keywords',
          <input
            {...a11y('keywords')}
            className={input}
            value={fields.seo.keywords}
            onChange={(e) => setFields((f) => ({ ...f, seo: { ...f.seo, keywords: e.target.value } }))}
          />,
          'Separated by commas.',
        )}
        <div>
          <label htmlFor={`${id}-image`} className="mb-1 block text-xs font-medium text-slate-700">
            Share image
          </label>
          <ImageInput
            id={`${id}-image`}
            name="image"
            aria-describedby={`${id}-image-help`}
            value={fields.seo.image ?? ''}
            onChange={(image) => setFields((f) => ({ ...f, seo: { ...f.seo, image } }))}
          />
          <p id={`${id}-image-help`} className="mt-1 text-xs text-slate-500">
            Shown when the page is shared; the store's image is used when empty.
          </p>
        </div>
      </fieldset>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex items-center gap-2">
        {mode === 'edit' && custom ? (
          <ConfirmStep
            label="Delete page…"
            question="Delete this page for good?"
            confirm="Delete"
            cancel="Keep"
            tone="danger"
            open={confirmDelete}
            busy={busy}
            onOpenChange={setConfirmDelete}
            onConfirm={() => void remove()}
          />
        ) : null}
        <span className="flex-1" />
        <Button onClick={onClose}>Cancel</Button>
        <Button tone="primary" type="submit" disabled={busy}>
          {mode === 'create' ? 'Create page' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
