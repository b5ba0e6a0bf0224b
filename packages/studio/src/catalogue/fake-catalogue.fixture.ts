import {
  moveCategoryRequest,
  reorderCategoriesRequest,
  saveAttributeRequest,
  saveBrandRequest,
  saveCategoryRequest,
  slugFromName,
  type StudioAttribute,
  type StudioBrand,
  type StudioCategory,
} from '@vitrine/commerce';
import type { z } from 'zod';
import { branchOf } from './category-tree.ts';
import { fakeInventoryServer } from './fake-inventory.fixture.ts';

type StoredCategory = Omit<StudioCategory, 'path'>;

/**
 * The store's category tree: Kitchen (2 products) › Cookware (none) › Pans (1); Garden (26); Sale (empty). Siblings
 * by `sort`.
 */
export function sampleCategories(): StoredCategory[] {
  const category = (id: number, name: string, parentId: number | null, sort: number, productCount: number): StoredCategory => ({
    id,
    parentId,
    name,
    slug: slugFromName(name),
    description: '',
    picture: null,
    sort,
    productCount,
    seo: { title: '', description: '' },
  });
  return [
    category(1, 'Kitchen', null, 0, 2),
    category(3, 'Garden', null, 1, 26),
    category(5, 'Sale', null, 2, 0),
    category(2, 'Cookware', 1, 0, 0),
    category(4, 'Pans', 2, 0, 1),
  ];
}

/** The store's brands by name: Acme with four products, Birch & Co with none. */
export function sampleBrands(): StudioBrand[] {
  return [
    { id: 5, name: 'Acme', slug: 'acme', description: '<p>Since 1920.</p>', logo: '/media/brands/acme.webp', productCount: 4 },
    { id: 6, name: 'Birch & Co', slug: 'birch-co', description: '', logo: null, productCount: 0 },
  ];
}

/** The store's attributes by name: Colour (Red used by 2 products, Navy), Material (none used), Size (M used by 1). */
export function sampleAttributes(): StudioAttribute[] {
  return [
    {
      id: 21,
      name: 'Colour',
      displayType: 'color',
      values: [
        { id: 211, name: 'Red', color: '#c0392b' },
        { id: 212, name: 'Navy', color: '#1f2a44' },
      ],
      productCount: 2,
    },
    {
      id: 22,
      name: 'Material',
      displayType: 'namelist',
      values: [
        { id: 221, name: 'Cast iron', color: null },
        { id: 222, name: 'Steel', color: null },
      ],
      productCount: 0,
    },
    {
      id: 23,
      name: 'Size',
      displayType: 'dropdown',
      values: [
        { id: 231, name: 'S', color: null },
        { id: 232, name: 'M', color: null },
        { id: 233, name: 'L', color: null },
      ],
      productCount: 1,
    },
  ];
}

/**
 * The categories, brands and attributes calls of the fake server, on the server's rules (packages/server/src/studio/
 * categories.ts, brands.ts, attributes.ts) and with their messages: `answer` gives the response, or `null` for a
 * call that is not one of these.
 */
export function fakeCatalogueServer() {
  const state = {
    categories: sampleCategories(),
    brands: sampleBrands(),
    attributes: sampleAttributes(),
    /** How many products use each attribute value, by value id. */
    valueUse: new Map<number, number>([
      [211, 2],
      [232, 1],
    ]),
  };
  let nextId = 300;

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const inventory = fakeInventoryServer(json);
  const fail = (status: number, code: string, message: string, field?: string) =>
    json(status, { error: { code, message, ...(field && { field }) } });
  /** The 400 of a request its schema refuses, naming the first field at fault. */
  const refusedBy = (error: z.ZodError) => {
    const issue = error.issues[0]!;
    const field = issue.path.join('.');
    return fail(400, 'BAD_REQUEST', `${field}: ${issue.message}`, field);
  };

  const children = (parentId: number | null) =>
    state.categories.filter((c) => c.parentId === parentId).sort((a, b) => a.sort - b.sort || a.id - b.id);
  const pathOf = (category: StoredCategory): string => {
    const parent = state.categories.find((c) => c.id === category.parentId);
    return `${parent ? pathOf(parent) : ''}/${category.slug}`;
  };
  const withPath = (category: StoredCategory): StudioCategory => ({ ...structuredClone(category), path: pathOf(category) });
  /** The tree, parents before their children, siblings in their order. */
  const tree = (parentId: number | null = null): StudioCategory[] => children(parentId).flatMap((c) => [withPath(c), ...tree(c.id)]);
  const branch = (id: number) => branchOf(state.categories, id);
  const place = (parentId: number | null, order: number[]) =>
    order.forEach((id, sort) => {
      const category = state.categories.find((c) => c.id === id)!;
      category.parentId = parentId;
      category.sort = sort;
    });
  const categoriesAnswer = () => json(200, { data: { categories: tree() } });

  const answer = (path: string, body: Record<string, unknown>, url = new URL('http://shop.test/')): Response | null => {
    switch (path) {
      case 'GetCategories':
        return categoriesAnswer();
      case 'SaveCategory': {
        const parsed = saveCategoryRequest.safeParse(body);
        if (!parsed.success) return refusedBy(parsed.error);
        const request = parsed.data;
        const before = request.categoryId === undefined ? null : state.categories.find((c) => c.id === request.categoryId);
        if (before === undefined) return fail(404, 'NOT_FOUND', 'categoryId: this store has no such category', 'categoryId');
        const parentId = before ? before.parentId : request.parentId;
        if (parentId !== null && !state.categories.some((c) => c.id === parentId))
          return fail(400, 'BAD_REQUEST', 'parentId: is not a category of this store', 'parentId');
        const slug = request.slug || slugFromName(request.name);
        if (children(parentId).some((c) => c.slug === slug && c.id !== before?.id))
          return fail(400, 'BAD_REQUEST', 'slug: is the address of another category', 'slug');
        const saved: StoredCategory = {
          id: before?.id ?? nextId++,
          parentId,
          name: request.name,
          slug,
          description: request.description,
          picture: request.picture,
          sort: before?.sort ?? children(parentId).length,
          productCount: before?.productCount ?? 0,
          seo: request.seo,
        };
        state.categories = before ? state.categories.map((c) => (c.id === before.id ? saved : c)) : [...state.categories, saved];
        return json(200, { data: { category: withPath(saved) } });
      }
      case 'MoveCategory': {
        const parsed = moveCategoryRequest.safeParse(body);
        if (!parsed.success) return refusedBy(parsed.error);
        const { categoryId, parentId, position } = parsed.data;
        if (!state.categories.some((c) => c.id === categoryId))
          return fail(404, 'NOT_FOUND', 'categoryId: this store has no such category', 'categoryId');
        if (parentId !== null && !state.categories.some((c) => c.id === parentId))
          return fail(400, 'BAD_REQUEST', 'parentId: is not a category of this store', 'parentId');
        if (parentId !== null && branch(categoryId).has(parentId))
          return fail(400, 'BAD_REQUEST', 'parentId: is this category or one below it; a category cannot move under itself', 'parentId');
        const from = state.categories.find((c) => c.id === categoryId)!.parentId;
        place(
          from,
          children(from)
            .map((c) => c.id)
            .filter((id) => id !== categoryId),
        );
        const order = children(parentId)
          .map((c) => c.id)
          .filter((id) => id !== categoryId);
        order.splice(Math.min(position, order.length), 0, categoryId);
        place(parentId, order);
        return categoriesAnswer();
      }
      case 'ReorderCategories': {
        const parsed = reorderCategoriesRequest.safeParse(body);
        if (!parsed.success) return refusedBy(parsed.error);
        const { parentId, categoryIds } = parsed.data;
        const siblings = children(parentId).map((c) => c.id);
        if (siblings.length !== categoryIds.length || !categoryIds.every((id) => siblings.includes(id)))
          return fail(
            400,
            'BAD_REQUEST',
            `categoryIds: must name every one of the ${siblings.length} sub-categories of parentId`,
            'categoryIds',
          );
        place(parentId, categoryIds);
        return categoriesAnswer();
      }
      case 'DeleteCategory': {
        const category = state.categories.find((c) => c.id === body.categoryId);
        if (!category) return fail(404, 'NOT_FOUND', 'categoryId: this store has no such category', 'categoryId');
        const below = children(category.id);
        const moveTo = body.moveTo as number | null | undefined;
        if (moveTo === undefined && (category.productCount || below.length))
          return fail(
            409,
            'CATEGORY_NOT_EMPTY',
            `moveTo: this category holds ${category.productCount} products and ${below.length} sub-categories; say which category they move to, or none`,
            'moveTo',
          );
        const target = moveTo == null ? null : state.categories.find((c) => c.id === moveTo);
        if (target === undefined) return fail(400, 'BAD_REQUEST', 'moveTo: is not a category of this store', 'moveTo');
        if (target && branch(category.id).has(target.id))
          return fail(400, 'BAD_REQUEST', 'moveTo: is this category or one below it, which goes with it', 'moveTo');
        if (target) target.productCount += category.productCount;
        const to = target?.id ?? null;
        place(to, [...children(to).map((c) => c.id), ...below.map((c) => c.id)]);
        state.categories = state.categories.filter((c) => c.id !== category.id);
        return categoriesAnswer();
      }
      case 'GetBrands':
        return json(200, { data: { brands: structuredClone(state.brands) } });
      case 'SaveBrand': {
        const parsed = saveBrandRequest.safeParse(body);
        if (!parsed.success) return refusedBy(parsed.error);
        const request = parsed.data;
        const before = request.brandId === undefined ? null : state.brands.find((b) => b.id === request.brandId);
        if (before === undefined) return fail(404, 'NOT_FOUND', 'brandId: this store has no such brand', 'brandId');
        const slug = request.slug || before?.slug || slugFromName(request.name);
        if (state.brands.some((b) => b.slug === slug && b.id !== before?.id))
          return fail(400, 'SLUG_TAKEN', 'slug: is already the address of another brand of this store', 'slug');
        const saved: StudioBrand = {
          id: before?.id ?? nextId++,
          name: request.name,
          slug,
          description: request.description,
          logo: request.logo,
          productCount: before?.productCount ?? 0,
        };
        state.brands = (before ? state.brands.map((b) => (b.id === before.id ? saved : b)) : [...state.brands, saved]).sort((a, b) =>
          a.name.localeCompare(b.name),
        );
        return json(200, { data: { brand: structuredClone(saved) } });
      }
      case 'DeleteBrand': {
        if (!state.brands.some((b) => b.id === body.brandId))
          return fail(404, 'NOT_FOUND', 'brandId: this store has no such brand', 'brandId');
        state.brands = state.brands.filter((b) => b.id !== body.brandId);
        return json(200, { data: { brands: structuredClone(state.brands) } });
      }
      case 'GetAttributes':
        return json(200, { data: { attributes: structuredClone(state.attributes) } });
      case 'SaveAttribute': {
        const parsed = saveAttributeRequest.safeParse(body);
        if (!parsed.success) return refusedBy(parsed.error);
        const request = parsed.data;
        const before = request.attributeId === undefined ? null : state.attributes.find((a) => a.id === request.attributeId);
        if (before === undefined) return fail(404, 'NOT_FOUND', 'attributeId: this store has no such attribute', 'attributeId');
        const kept = new Set(request.values.flatMap((v) => (v.id === undefined ? [] : [v.id])));
        for (const value of before?.values ?? []) {
          const products = state.valueUse.get(value.id) ?? 0;
          if (!kept.has(value.id) && products)
            return fail(
              409,
              'ATTRIBUTE_IN_USE',
              `values: ${value.name}, a value left out, is used by ${products} product${products === 1 ? '' : 's'}; take it off them first`,
              'values',
            );
        }
        const saved: StudioAttribute = {
          id: before?.id ?? nextId++,
          name: request.name,
          displayType: request.displayType,
          values: request.values.map((v) => ({ id: v.id ?? nextId++, name: v.name, color: v.color })),
          productCount: before?.productCount ?? 0,
        };
        state.attributes = (before ? state.attributes.map((a) => (a.id === before.id ? saved : a)) : [...state.attributes, saved]).sort(
          (a, b) => a.name.localeCompare(b.name),
        );
        return json(200, { data: { attribute: structuredClone(saved) } });
      }
      case 'DeleteAttribute': {
        const attribute = state.attributes.find((a) => a.id === body.attributeId);
        if (!attribute) return fail(404, 'NOT_FOUND', 'attributeId: this store has no such attribute', 'attributeId');
        const products = attribute.values.reduce((n, v) => n + (state.valueUse.get(v.id) ?? 0), 0);
        if (products)
          return fail(
            409,
            'ATTRIBUTE_IN_USE',
            `attributeId: ${attribute.name} is used by ${products} product${products === 1 ? '' : 's'}; take it off them first`,
            'attributeId',
          );
        state.attributes = state.attributes.filter((a) => a.id !== attribute.id);
        return json(200, { data: { attributes: structuredClone(state.attributes) } });
      }
      case 'GetMedia':
        return json(200, {
          data: {
            media: [
              {
                mediaId: 1,
                path: '/media/kitchen.webp',
                name: 'kitchen.webp',
                mime: 'image/webp',
                width: 800,
                height: 600,
                bytes: 1000,
                createdAt: '2025-01-01T00:00:00.000Z',
              },
            ],
          },
        });
      default:
        return inventory.answer(path, body, url);
    }
  };
  return { state: Object.assign(state, { inventory: inventory.state }), answer };
}
