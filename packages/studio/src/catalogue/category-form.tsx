import { useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { slugFromName, type SaveCategoryRequest, type StudioCategory } from '@vitrine/commerce';
import { useStudio } from '../context.tsx';
import { inputClass } from '../forms/input-class.ts';
import { categoryPaths } from '../products/products-screen.tsx';
import { Button } from '../ui/button.tsx';
import { ConfirmStep } from '../ui/confirm-step.tsx';
import { DescriptionField, FormRow, ImageField, productCount, refusalOf, SaveBar, withoutField } from './catalogue-form.tsx';
import { branchOf, childrenOf } from './category-tree.ts';

/** What the form edits, as typed. */
interface CategoryFields {
  name: string;
  slug: string;
  parentId: string;
  picture: string;
  description: string;
  seoTitle: string;
  seoDescription: string;
}
type FieldName = keyof CategoryFields;

const fieldsOf = (category: StudioCategory | null, parentId: string): CategoryFields => ({
  name: category?.name ?? '',
  slug: category?.slug ?? '',
  parentId: category ? (category.parentId === null ? '' : String(category.parentId)) : parentId,
  picture: category?.picture ?? '',
  description: category?.description ?? '',
  seoTitle: category?.seo.title ?? '',
  seoDescription: category?.seo.description ?? '',
});

/** The server's fields, as the form names them. */
const serverFields: Record<string, FieldName> = {
  name: 'name',
  slug: 'slug',
  parentId: 'parentId',
  picture: 'picture',
  description: 'description',
  'seo.title': 'seoTitle',
  'seo.description': 'seoDescription',
};

/**
 * One category's form beside the tree (`/editor/categories/{id}`, or `new`, `new?parent={id}`): name, address,
 * parent, picture from the store's media, description, SEO title and description, saved with Save; a change of
 * parent moves it there, last. Delete asks first, and where its products and sub-categories go when it holds any.
 */
export function CategoryForm({
  param,
  categories,
  onChanged,
}: {
  /** The address's id, or `new`. */
  param: string;
  categories: StudioCategory[];
  /** The tree as it is after a save, a move or a delete. */
  onChanged: (categories: StudioCategory[]) => void;
}) {
  const { controller, store } = useStudio();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const creating = param === 'new';
  const category = creating ? null : (categories.find((c) => c.id === Number(param)) ?? null);
  const [saved, setSaved] = useState(() => fieldsOf(category, params.get('parent') ?? ''));
  const [fields, setFields] = useState(saved);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const [gone, setGone] = useState(false);
  const id = useId();
  const dirty = !gone && JSON.stringify(fields) !== JSON.stringify(saved);
  // Moved in the tree while open: the form's Parent follows, unless the owner has chosen another one here.
  const treeParent = category ? String(category.parentId ?? '') : null;
  const [seenParent, setSeenParent] = useState(treeParent);
  if (treeParent !== null && treeParent !== seenParent) {
    setSeenParent(treeParent);
    setSaved({ ...saved, parentId: treeParent });
    if (fields.parentId === saved.parentId) setFields({ ...fields, parentId: treeParent });
  }

  // A category created here takes its own address in place of /new, once nothing is unsaved (the leave guard lets it go).
  useEffect(() => {
    if (createdId !== null && !dirty) void navigate(`/editor/categories/${createdId}`, { replace: true });
  }, [createdId, dirty, navigate]);
  useEffect(() => {
    if (gone) void navigate('/editor/categories');
  }, [gone, navigate]);

  if (!creating && !category)
    return (
      <p role="alert" className="px-5 py-10 text-center text-sm text-red-700">
        This store has no such category. Choose one in the tree.
      </p>
    );

  const branch = category ? branchOf(categories, category.id) : new Set<number>();
  const parents = categoryPaths({ categories, brands: [] }).filter((c) => !branch.has(c.id));

  const save = async () => {
    setSaving(true);
    setErrors({});
    setProblem(null);
    const parentId = fields.parentId ? Number(fields.parentId) : null;
    const request: SaveCategoryRequest = {
      ...(category && { categoryId: category.id }),
      parentId: category ? category.parentId : parentId,
      name: fields.name,
      slug: fields.slug.trim(),
      description: fields.description,
      picture: fields.picture.trim() || null,
      seo: { title: fields.seoTitle, description: fields.seoDescription },
    };
    try {
      const savedCategory = await controller.catalogue.saveCategory(request);
      let tree: StudioCategory[] | null = null;
      if (category && fields.parentId !== saved.parentId) {
        const position = childrenOf(categories, parentId).filter((c) => c.id !== category.id).length;
        tree = await controller.catalogue.moveCategory({ categoryId: category.id, parentId, position });
      }
      const after = fieldsOf(savedCategory, '');
      after.parentId = fields.parentId;
      setSaved(after);
      setFields(after);
      onChanged(tree ?? (await controller.catalogue.getCategories()));
      store.getState().notify(creating ? 'Category created.' : 'Category saved.', 'success');
      if (creating) setCreatedId(savedCategory.id);
    } catch (failure) {
      const refusal = refusalOf(failure, serverFields);
      if (refusal.field) setErrors({ [refusal.field]: refusal.message });
      else setProblem(refusal.message);
    } finally {
      setSaving(false);
    }
  };

  const set = <Key extends FieldName>(key: Key, value: CategoryFields[Key]) => setFields({ ...fields, [key]: value });
  const slug = fields.slug.trim() || slugFromName(fields.name);
  const parentPath = fields.parentId ? (categories.find((c) => c.id === Number(fields.parentId))?.path ?? '') : '';
  const storeAddress = `${window.location.origin}${parentPath}/${slug}`;
  const help: Partial<Record<FieldName, string>> = {
    slug: fields.slug.trim()
      ? `On the store at ${storeAddress}`
      : `Left empty, it is made from the name when you save${slug ? `: ${storeAddress}` : ''}.`,
    parentId: category ? 'Saved, the category moves there, after the sub-categories it has.' : undefined,
  };
  const text = (key: 'name' | 'slug' | 'seoTitle', label: string) => (
    <FormRow id={`${id}-${key}`} label={label} help={help[key]} error={errors[key]}>
      {(props) => <input {...props} value={fields[key]} onChange={(event) => set(key, event.target.value)} className={inputClass} />}
    </FormRow>
  );

  return (
    <form
      aria-label={creating ? 'New category' : `Category ${category!.name}`}
      className="h-full overflow-y-auto"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <SaveBar
        back="/editor/categories"
        backLabel="Back to the tree"
        dirty={dirty}
        saving={saving}
        problem={problem}
        extra={
          category ? (
            <a href={category.path} target="_blank" rel="noreferrer" className="text-sm text-indigo-700 underline hover:text-indigo-900">
              View on store
            </a>
          ) : null
        }
      />
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-5 sm:px-5">
        <section aria-labelledby={`${id}-about`} className="grid gap-4">
          <h2 id={`${id}-about`} className="text-sm font-semibold text-slate-900">
            {creating ? 'New category' : category!.name}
          </h2>
          {category ? (
            <p className="text-sm text-slate-600">
              {productCount(category.productCount)} in this category itself
              {childrenOf(categories, category.id).length ? `, ${childrenOf(categories, category.id).length} sub-categories` : ''}.
            </p>
          ) : null}
          {text('name', 'Name')}
          {text('slug', 'Address')}
          <FormRow id={`${id}-parentId`} label="Parent" help={help.parentId} error={errors.parentId}>
            {(props) => (
              <select {...props} value={fields.parentId} onChange={(event) => set('parentId', event.target.value)} className={inputClass}>
                <option value="">None (top of the tree)</option>
                {parents.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.path}
                  </option>
                ))}
              </select>
            )}
          </FormRow>
        </section>

        <section aria-labelledby={`${id}-show`} className="grid gap-4">
          <h2 id={`${id}-show`} className="text-sm font-semibold text-slate-900">
            Picture and description
          </h2>
          <ImageField
            id={`${id}-picture`}
            label="Picture"
            name="picture"
            value={fields.picture}
            error={errors.picture}
            onChange={(path) => set('picture', path)}
          />
          <DescriptionField
            id={`${id}-description`}
            value={fields.description}
            error={errors.description}
            onChange={(description) => set('description', description)}
          />
        </section>

        <section aria-labelledby={`${id}-seo`} className="grid gap-4">
          <h2 id={`${id}-seo`} className="text-sm font-semibold text-slate-900">
            Search engines
          </h2>
          {text('seoTitle', 'SEO title')}
          <FormRow id={`${id}-seoDescription`} label="SEO description" error={errors.seoDescription}>
            {(props) => (
              <textarea
                {...props}
                rows={3}
                value={fields.seoDescription}
                onChange={(event) => set('seoDescription', event.target.value)}
                className={inputClass}
              />
            )}
          </FormRow>
        </section>

        {category ? (
          <DeleteCategory
            category={category}
            categories={categories}
            onDeleted={(tree) => {
              setGone(true);
              onChanged(tree);
              store.getState().notify(`${category.name} deleted.`, 'success');
            }}
          />
        ) : null}
      </div>
    </form>
  );
}

/**
 * Deletes a category after asking; one that holds products or sub-categories first asks where they go (another
 * category, or none: products without a category and sub-categories to the top of the tree).
 */
function DeleteCategory({
  category,
  categories,
  onDeleted,
}: {
  category: StudioCategory;
  categories: StudioCategory[];
  onDeleted: (categories: StudioCategory[]) => void;
}) {
  const { controller } = useStudio();
  const [open, setOpen] = useState(false);
  const [moveTo, setMoveTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const subCategories = childrenOf(categories, category.id).length;
  const holds = category.productCount > 0 || subCategories > 0;
  const branch = branchOf(categories, category.id);
  const targets = categoryPaths({ categories, brands: [] }).filter((c) => !branch.has(c.id));

  const remove = async () => {
    setBusy(true);
    setProblem(null);
    try {
      onDeleted(
        await controller.catalogue.deleteCategory({
          categoryId: category.id,
          ...(holds && { moveTo: moveTo ? Number(moveTo) : null }),
        }),
      );
    } catch (failure) {
      setProblem(withoutField(failure));
      setBusy(false);
    }
  };

  const held = [
    category.productCount ? productCount(category.productCount) : '',
    subCategories ? `${subCategories} sub-categor${subCategories === 1 ? 'y' : 'ies'}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return (
    <section aria-labelledby={`${id}-delete`} className="grid gap-3 border-t border-slate-200 pt-5">
      <h2 id={`${id}-delete`} className="text-sm font-semibold text-slate-900">
        Delete
      </h2>
      {holds ? (
        open ? (
          <div
            role="group"
            aria-label={`Delete ${category.name}`}
            className="grid gap-3 rounded-md bg-red-50 px-3 py-3 text-sm text-red-900"
          >
            <p>
              {category.name} holds {held}. Where do they go?
            </p>
            <label className="grid gap-1 font-medium">
              Move them to
              <select value={moveTo} onChange={(event) => setMoveTo(event.target.value)} className={inputClass}>
                <option value="">No category (sub-categories go to the top of the tree)</option>
                {targets.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.path}
                  </option>
                ))}
              </select>
            </label>
            <div className="flex flex-wrap gap-2">
              <Button tone="danger" disabled={busy} onClick={() => void remove()}>
                Delete {category.name}
              </Button>
              <Button onClick={() => setOpen(false)}>Cancel</Button>
            </div>
          </div>
        ) : (
          <div>
            <Button tone="danger" onClick={() => setOpen(true)}>
              Delete category…
            </Button>
          </div>
        )
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <ConfirmStep
            label="Delete category…"
            question={`Delete ${category.name}? This cannot be undone.`}
            confirm="Delete"
            tone="danger"
            open={open}
            busy={busy}
            onOpenChange={setOpen}
            onConfirm={() => void remove()}
          />
        </div>
      )}
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          Not deleted: {problem}
        </p>
      ) : null}
    </section>
  );
}
