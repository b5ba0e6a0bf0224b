import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { slugFromName, type StudioBrand } from '@vitrine/commerce';
import { useStudio } from '../context.tsx';
import { inputClass } from '../forms/input-class.ts';
import { ConfirmStep } from '../ui/confirm-step.tsx';
import { loadBrands } from './brands-screen.tsx';
import {
  DescriptionField,
  errorsAt,
  FormRow,
  ImageField,
  OpenedFrom,
  productCount,
  SaveBar,
  useCatalogueAnswer,
  useItemForm,
} from './catalogue-form.tsx';

interface BrandFields {
  name: string;
  slug: string;
  logo: string;
  description: string;
}
type FieldName = keyof BrandFields;

const fieldsOf = (brand: StudioBrand | null): BrandFields => ({
  name: brand?.name ?? '',
  slug: brand?.slug ?? '',
  logo: brand?.logo ?? '',
  description: brand?.description ?? '',
});
const serverFields: Record<string, FieldName> = { name: 'name', slug: 'slug', logo: 'logo', description: 'description' };

/** One brand's form (`/editor/brands/{id}`, or `new`), once the store's brands have come. */
export function BrandEditor() {
  const param = useParams().brandId ?? 'new';
  const loaded = useCatalogueAnswer(loadBrands);
  return (
    <OpenedFrom what="brand" param={param} loaded={loaded} back="/editor/brands" backLabel="Back to brands">
      {(brand) => <BrandForm key={param} brand={brand} />}
    </OpenedFrom>
  );
}

/**
 * A brand's name, address (`/brand/{slug}`), logo from the store's media and description, saved with Save; a refused
 * field is named at the field. Delete asks first and says that its products stay, without a brand.
 */
function BrandForm({ brand }: { brand: StudioBrand | null }) {
  const { controller } = useStudio();
  const { shown, fields, setFields, errors, problem, saving, dirty, save, remove } = useItemForm({
    item: brand,
    fieldsOf,
    path: '/editor/brands',
    what: 'Brand',
  });
  const [deleting, setDeleting] = useState(false);
  const id = useId();

  const send = () =>
    save(
      () =>
        controller.catalogue.saveBrand({
          ...(shown && { brandId: shown.id }),
          name: fields.name,
          slug: fields.slug.trim(),
          logo: fields.logo.trim() || null,
          description: fields.description,
        }),
      (failure) => errorsAt(failure, serverFields),
    );

  const set = <Key extends FieldName>(key: Key, value: BrandFields[Key]) => setFields({ ...fields, [key]: value });
  const slug = fields.slug.trim() || slugFromName(fields.name);
  const address = `${window.location.origin}/brand/${slug}`;
  const text = (key: 'name' | 'slug', label: string, help?: string) => (
    <FormRow id={`${id}-${key}`} label={label} help={help} error={errors[key]}>
      {(props) => <input {...props} value={fields[key]} onChange={(event) => set(key, event.target.value)} className={inputClass} />}
    </FormRow>
  );

  return (
    <form
      aria-label={shown ? `Brand ${shown.name}` : 'New brand'}
      className="h-full overflow-y-auto"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <SaveBar
        back="/editor/brands"
        backLabel="Back to brands"
        dirty={dirty}
        saving={saving}
        problem={problem}
        extra={
          shown ? (
            <a
              href={`/brand/${shown.slug}`}
              target="_blank"
              rel="noreferrer"
              className="text-sm text-indigo-700 underline hover:text-indigo-900"
            >
              View on store
            </a>
          ) : null
        }
      />
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-5 sm:px-5">
        <section aria-labelledby={`${id}-about`} className="grid gap-4">
          <h2 id={`${id}-about`} className="text-sm font-semibold text-slate-900">
            {shown ? shown.name : 'New brand'}
          </h2>
          {shown ? <p className="text-sm text-slate-600">{productCount(shown.productCount)} of this brand.</p> : null}
          {text('name', 'Name')}
          {text(
            'slug',
            'Address',
            fields.slug.trim()
              ? `On the store at ${address}`
              : `Left empty, it is made from the name when you save${slug ? `: ${address}` : ''}.`,
          )}
          <ImageField
            id={`${id}-logo`}
            label="Logo"
            name="logo"
            value={fields.logo}
            error={errors.logo}
            onChange={(path) => set('logo', path)}
          />
          <DescriptionField
            id={`${id}-description`}
            value={fields.description}
            error={errors.description}
            onChange={(description) => set('description', description)}
          />
        </section>
        {shown ? (
          <section aria-labelledby={`${id}-delete`} className="grid gap-3 border-t border-slate-200 pt-5">
            <h2 id={`${id}-delete`} className="text-sm font-semibold text-slate-900">
              Delete
            </h2>
            <div className="flex flex-wrap items-center gap-2">
              <ConfirmStep
                label="Delete brand…"
                question={`Delete ${shown.name}?${shown.productCount ? ` Its ${productCount(shown.productCount)} stay on the store, without a brand.` : ''}`}
                confirm="Delete"
                tone="danger"
                open={deleting}
                busy={saving}
                onOpenChange={setDeleting}
                onConfirm={() => void remove((item) => controller.catalogue.deleteBrand(item.id))}
              />
            </div>
          </section>
        ) : null}
      </div>
    </form>
  );
}
