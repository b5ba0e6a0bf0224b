import {
  utcDayNumber,
  utcDayText,
  nextStatuses,
  orderStatuses,
  STUDIO_ORDERS_PAGE,
  LOW_STOCK,
  PRODUCT_COUNT_LIMIT,
  saveProductRequest,
  slugFromName,
  type StudioProduct,
  type StudioProductRow,
  type AnalyticsReport,
  type CatalogueChoices,
  type OrderStatus,
  type OrderSummary,
  type ProductChoice,
  type PageDocument,
  type PublishDraftsAnswer,
  type PublishDraftsRequest,
  type StudioPage,
  type StudioPageSummary,
  type StudioTheme,
  type ThemeDocument,
} from '@vitrine/commerce';
import { fakeCatalogueServer } from '../catalogue/fake-catalogue.fixture.ts';
import { samplePage, sampleTheme } from '../state/editor.fixture.ts';

interface StoredPage {
  pageId: number;
  pageTypeId: number;
  draft: PageDocument;
  draftRevision: number;
  publishedVersion: number;
  versions: PageDocument[];
}

/** A small store's categories and brands as `Studio/GetCatalogueChoices` lists them: by name, Pans under Cookware under Kitchen. */
export function sampleCatalogue(): CatalogueChoices {
  return {
    categories: [
      { id: 2, name: 'Cookware', parentId: 1, productCount: 5 },
      { id: 3, name: 'Garden', parentId: null, productCount: 2 },
      { id: 1, name: 'Kitchen', parentId: null, productCount: 8 },
      { id: 4, name: 'Pans', parentId: 2, productCount: 3 },
    ],
    brands: [
      { id: 5, name: 'Acme', productCount: 4 },
      { id: 6, name: 'Birch & Co', productCount: 0 },
    ],
  };
}

/** The small store's published products, by name. */
export function sampleProducts(): ProductChoice[] {
  return [
    { id: 13, name: 'Bread knife', sku: 'KN-BR', imageFile: null },
    { id: 12, name: 'Cast-iron pan', sku: 'PAN-CI', imageFile: '/media/products/pan.webp' },
    { id: 11, name: 'Chef knife', sku: 'KN-CH', imageFile: '/media/products/knife.webp' },
    { id: 14, name: 'Crème brûlée torch', sku: 'TORCH-1', imageFile: null },
  ];
}

/**
 * `Studio/FindProducts` as the server answers it, for the sample products: every word of `q` in the name or SKU
 * (case and accents aside), names starting with `q` first; or the `ids` the store has, in the order asked.
 */
export function findSampleProducts(search: { q: string } | { ids: readonly number[] }): ProductChoice[] {
  const products = sampleProducts();
  if ('ids' in search) return search.ids.flatMap((id) => products.filter((product) => product.id === id));
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const q = fold(search.q.trim());
  const words = q.split(/\s+/).filter(Boolean);
  const found = products.filter((product) => words.every((word) => fold(`${product.name} ${product.sku}`).includes(word)));
  return [...found.filter((p) => fold(p.name).startsWith(q)), ...found.filter((p) => !fold(p.name).startsWith(q))];
}

/**
 * The store's products as the editor opens them, newest first: a low-stock pan with two variants, an option and an
 * add-on; an active knife; a draft knife out of stock; an archived torch; then 26 garden trowels, so a list of 25 has
 * a second page.
 */
export function sampleStudioProducts(): StudioProduct[] {
  const product = (id: number, fields: Partial<StudioProduct>): StudioProduct => ({
    id,
    version: 1,
    name: `Garden trowel ${id}`,
    slug: `garden-trowel-${id}`,
    description: '',
    status: 'active',
    price: 1200,
    compareAtPrice: null,
    sku: `TR-${id}`,
    barcode: '',
    stock: 20,
    stockTracked: true,
    categoryId: 3,
    brandId: null,
    attributeValueIds: [],
    pictures: [],
    options: [],
    addons: [],
    variantOptions: [],
    variants: [],
    seo: { title: '', description: '' },
    ...fields,
  });
  return [
    product(12, {
      name: 'Cast-iron pan',
      slug: 'cast-iron-pan',
      description: '<p>Seasoned and ready.</p>',
      version: 4,
      price: 2500,
      compareAtPrice: 3000,
      sku: 'PAN-CI',
      stock: 3,
      categoryId: 4,
      brandId: 5,
      pictures: [{ file: '/media/products/pan.webp', width: 800, height: 600, alt: 'The pan from above' }],
      options: [{ id: 41, name: 'Engraving', inputTypeId: 1, required: false, values: [] }],
      addons: [{ id: 51, name: 'Gift wrap', price: 200 }],
      variantOptions: [
        {
          attributeId: 61,
          name: 'Size',
          values: [
            { valueId: 62, name: '24 cm' },
            { valueId: 63, name: '28 cm' },
          ],
        },
      ],
      variants: [
        { id: 30, values: ['24 cm'], price: 2500, compareAtPrice: null, sku: 'PAN-CI-24', barcode: '', stock: 0, picture: null },
        {
          id: 31,
          values: ['28 cm'],
          price: 2900,
          compareAtPrice: 3400,
          sku: 'PAN-CI-28',
          barcode: '',
          stock: 3,
          picture: '/media/products/pan.webp',
        },
      ],
      seo: { title: 'Cast-iron pan | Harbor', description: 'A pan for a lifetime.' },
    }),
    product(11, {
      name: 'Chef knife',
      slug: 'chef-knife',
      price: 4500,
      sku: 'KN-CH',
      stock: 12,
      categoryId: 1,
      brandId: 5,
      pictures: [{ file: '/media/products/knife.webp', width: 800, height: 800, alt: '' }],
    }),
    product(13, { name: 'Bread knife', slug: 'bread-knife', status: 'draft', price: 1000, sku: 'KN-BR', stock: 0, categoryId: 1 }),
    product(14, {
      name: 'Crème brûlée torch',
      slug: 'creme-brulee-torch',
      status: 'archived',
      price: 1850,
      sku: 'TORCH-1',
      stock: 40,
      categoryId: null,
      brandId: 6,
    }),
    ...Array.from({ length: 26 }, (_, i) => product(10 - i, {})),
  ];
}

/** A product as a row of `Studio/GetProducts`: the first picture, the variants' stock summed, the level it marks. */
export function studioProductRowOf(product: StudioProduct): StudioProductRow {
  const { categories, brands } = sampleCatalogue();
  const stock = product.variants.length ? product.variants.reduce((sum, v) => sum + v.stock, 0) : product.stock;
  const first = product.pictures[0];
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    status: product.status,
    picture: first ? { file: first.file, width: first.width, height: first.height } : null,
    stock,
    stockTracked: product.stockTracked,
    stockLevel: stock <= 0 ? 'out' : stock <= LOW_STOCK ? 'low' : 'in',
    price: product.price,
    compareAtPrice: product.compareAtPrice,
    categoryName: categories.find((c) => c.id === product.categoryId)?.name ?? null,
    brandName: brands.find((b) => b.id === product.brandId)?.name ?? null,
    variantCount: product.variants.length,
  };
}

/** The categories under `id`, itself included, as the server's category filter takes them. */
function categoryAndBelow(id: number): Set<number> {
  const { categories } = sampleCatalogue();
  const found = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const c of categories)
      if (c.parentId !== null && found.has(c.parentId) && !found.has(c.id)) {
        found.add(c.id);
        grew = true;
      }
  }
  return found;
}

/**
 * The store's orders, newest first: Ada's pending one (a pan with an add-on, paid in euros) and Ben's confirmed one,
 * then 26 older delivered ones, so the list has a second page.
 */
export function sampleOrders(): OrderSummary[] {
  const order = (n: number, fields: Partial<OrderSummary>): OrderSummary => ({
    orderCode: `ORDER${String(n).padStart(11, '0')}`,
    status: 'Delivered',
    paymentStatus: 'Paid',
    createdAt: new Date(Date.UTC(2025, 2, 28, 12) - n * 3_600_000).toISOString(),
    email: `shopper${n}@example.test`,
    phone: null,
    shippingAddress: { fullName: `Shopper ${n}`, line1: `${n} Quay Street`, city: 'Leith', postalCode: 'EH6 6AA', country: 'GB' },
    deliveryMethod: 'Standard delivery (3–5 days)',
    paymentMethod: 'Cash on delivery',
    currencyCode: 'USD',
    currencySymbol: '$',
    currencyRate: 1,
    subtotal: 1000,
    shippingTotal: 495,
    total: 1495,
    totalUnits: 1495,
    lines: [
      {
        productID: 13,
        variantID: null,
        name: 'Bread knife',
        variantName: '',
        sku: 'KN-BR',
        quantity: 1,
        unitPrice: 1000,
        addons: [],
        options: [],
        lineTotal: 1000,
      },
    ],
    history: [{ status: 'Pending', note: 'Order placed', at: new Date(Date.UTC(2025, 2, 28, 12) - n * 3_600_000).toISOString() }],
    ...fields,
  });
  return [
    order(1, {
      status: 'Pending',
      paymentStatus: 'Pending',
      email: 'ada@example.test',
      phone: '+44 131 555 0101',
      shippingAddress: {
        fullName: 'Ada Lovelace',
        line1: '1 Quay Street',
        line2: 'Flat 2',
        city: 'Leith',
        postalCode: 'EH6 6AA',
        country: 'GB',
      },
      paymentMethod: 'Bank transfer',
      currencyCode: 'EUR',
      currencySymbol: '€',
      currencyRate: 0.5,
      subtotal: 5400,
      shippingTotal: 0,
      total: 5400,
      totalUnits: 2700,
      lines: [
        {
          productID: 12,
          variantID: 31,
          name: 'Cast-iron pan',
          variantName: '28 cm',
          sku: 'PAN-CI-28',
          quantity: 2,
          unitPrice: 2500,
          addons: [{ name: 'Gift wrap', price: 200, quantity: 1 }],
          options: [],
          lineTotal: 5400,
        },
      ],
    }),
    order(2, {
      status: 'Confirmed',
      paymentStatus: 'Pending',
      email: 'ben@example.test',
      shippingAddress: { fullName: 'Ben Okri', line1: '2 Dock Road', city: 'Hull', postalCode: 'HU1 1AA', country: 'GB' },
    }),
    ...Array.from({ length: 26 }, (_, i) => order(i + 3, {})),
  ];
}

/**
 * A stand-in for the server's `/api/Studio/*` calls in memory, as `fetch`, keeping to the contract of commerce's
 * studio schemas: revisions, 409 DRAFT_CONFLICT, 401 without the session token. For the studio's tests.
 */
export function fakeStudioServer({ token = 'secret' } = {}) {
  const pages = new Map<number, StoredPage>([
    [7, { pageId: 7, pageTypeId: 1, draft: samplePage(), draftRevision: 3, publishedVersion: 1, versions: [samplePage()] }],
    [
      8,
      {
        pageId: 8,
        pageTypeId: 2,
        draft: { ...samplePage(), pageTypeId: 2, slug: 'about', title: 'About us', sections: [] },
        draftRevision: 1,
        publishedVersion: 0,
        versions: [],
      },
    ],
  ]);
  const theme = { draft: sampleTheme() as ThemeDocument, draftRevision: 5, publishedVersion: 1, versions: [sampleTheme()] };
  const orders = sampleOrders();
  /** The products, and how many a list counts before it says "more" (the server's 10,000, lowered by a test). */
  const catalogue = { products: sampleStudioProducts(), countLimit: PRODUCT_COUNT_LIMIT };
  let nextProductId = 100;
  /** The query strings `Studio/GetProducts` was asked with, in order. */
  const productQueries: string[] = [];
  const calls: { path: string; body: unknown }[] = [];
  /** Calls that answer 500, for tests of what the studio does when the server fails. */
  const failing = new Set<string>();
  let nextId = 9;
  /** The category tree, brands and attributes of the back office's catalogue screens. */
  const catalogueScreens = fakeCatalogueServer();

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fail = (status: number, code: string, message: string, field?: string) =>
    json(status, { error: { code, message, ...(field && { field }) } });
  const summary = (p: StoredPage): StudioPageSummary => ({
    pageId: p.pageId,
    pageTypeId: p.pageTypeId,
    slug: p.draft.slug,
    title: p.draft.title,
    seo: p.draft.seo,
    draftRevision: p.draftRevision,
    publishedVersion: p.publishedVersion,
    updatedAt: '2025-01-01T00:00:00.000Z',
    publishedAt: null,
    hasUnpublishedChanges: true,
  });
  const full = (p: StoredPage): StudioPage => ({
    ...summary(p),
    draft: structuredClone(p.draft),
    draftRevision: p.draftRevision,
    publishedVersion: p.publishedVersion,
  });
  const themeAnswer = (): StudioTheme => ({
    themeId: 2,
    name: 'Harbor',
    draft: structuredClone(theme.draft),
    draftRevision: theme.draftRevision,
    publishedVersion: theme.publishedVersion,
    updatedAt: '2025-01-01T00:00:00.000Z',
    publishedAt: null,
    hasUnpublishedChanges: false,
  });

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://shop.test');
    const path = url.pathname.replace('/api/Studio/', '');
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    calls.push({ path, body });
    if (path === 'SignIn') {
      if (body.password !== 'right') return fail(401, 'SIGN_IN_FAILED', 'Email or password is incorrect');
      return json(200, {
        data: {
          owner: { ownerId: 1, name: 'Hana', email: String(body.email) },
          sites: [{ webId: 1, title: 'Harbor', domain: 'shop.test' }],
          sessionToken: token,
        },
      });
    }
    if (new Headers(init.headers).get('authorization') !== `Bearer ${token}`)
      return fail(401, 'SESSION_EXPIRED', 'The studio session has ended; sign in again');
    if (failing.has(path)) return fail(500, 'INTERNAL', 'Something went wrong on the server');
    const page = pages.get(Number(url.searchParams.get('PageID') ?? body.pageId));
    switch (path) {
      case 'GetPages':
        return json(200, { data: { pages: [...pages.values()].map(summary) } });
      case 'GetPage':
        return page ? json(200, { data: { page: full(page) } }) : fail(404, 'PAGE_NOT_FOUND', 'No such page');
      case 'SavePage':
        if (!page) return fail(404, 'PAGE_NOT_FOUND', 'No such page');
        if (body.draftRevision !== page.draftRevision)
          return json(409, {
            error: {
              code: 'DRAFT_CONFLICT',
              message: 'Saved elsewhere',
              draftRevision: page.draftRevision,
              updatedAt: '2025-01-01T00:00:00.000Z',
            },
          });
        page.draft = body.document as PageDocument;
        page.draftRevision += 1;
        return json(200, { data: { draftRevision: page.draftRevision, updatedAt: '2025-01-01T00:00:00.000Z' } });
      case 'Publish': {
        const { page: pageDraft, theme: themeDraft } = body as PublishDraftsRequest;
        const published = pageDraft && pages.get(pageDraft.pageId);
        if (pageDraft && !published) return fail(404, 'PAGE_NOT_FOUND', 'No such page', 'page.pageId');
        // Both revisions are checked before either goes live, as the server's one transaction does.
        if (published && pageDraft.draftRevision !== published.draftRevision)
          return fail(409, 'DRAFT_CONFLICT', 'This page was changed elsewhere', 'page.draftRevision');
        if (themeDraft && themeDraft.draftRevision !== theme.draftRevision)
          return fail(409, 'DRAFT_CONFLICT', 'This theme was changed elsewhere', 'theme.draftRevision');
        const publishedAt = '2025-01-02T00:00:00.000Z';
        const answer: PublishDraftsAnswer['data'] = {};
        if (published) {
          published.versions.push(structuredClone(published.draft));
          published.publishedVersion += 1;
          answer.page = { publishedVersion: published.publishedVersion, publishedAt };
        }
        if (themeDraft) {
          theme.versions.push(structuredClone(theme.draft));
          theme.publishedVersion += 1;
          answer.theme = { publishedVersion: theme.publishedVersion, publishedAt };
        }
        return json(200, { data: answer });
      }
      case 'CreatePage': {
        const created: StoredPage = {
          pageId: nextId++,
          pageTypeId: 2,
          draft: {
            schemaVersion: 1,
            pageTypeId: 2,
            slug: String(body.slug),
            title: String(body.title),
            seo: body.seo as PageDocument['seo'],
            sections: [],
          },
          draftRevision: 1,
          publishedVersion: 0,
          versions: [],
        };
        pages.set(created.pageId, created);
        return json(201, { data: { page: full(created) } });
      }
      case 'GetTheme':
        return json(200, { data: themeAnswer() });
      case 'SaveTheme':
        if (body.draftRevision !== theme.draftRevision) return fail(409, 'DRAFT_CONFLICT', 'Saved elsewhere');
        theme.draft = body.document as ThemeDocument;
        theme.draftRevision += 1;
        return json(200, { data: { draftRevision: theme.draftRevision, updatedAt: '2025-01-01T00:00:00.000Z' } });
      case 'Rollback': {
        if (!page) return fail(404, 'PAGE_NOT_FOUND', 'No such page');
        const earlier = page.versions[Number(body.version) - 1];
        if (!earlier) return fail(404, 'VERSION_NOT_FOUND', 'No such version', 'version');
        page.draft = {
          ...structuredClone(earlier),
          pageTypeId: page.draft.pageTypeId,
          slug: page.draft.slug,
          title: page.draft.title,
          seo: page.draft.seo,
        };
        page.draftRevision += 1;
        return json(200, { data: { draftRevision: page.draftRevision } });
      }
      case 'GetCatalogueChoices':
        return json(200, { data: sampleCatalogue() });
      case 'FindProducts': {
        const ids = url.searchParams.get('ids');
        const search = ids ? { ids: ids.split(',').map(Number) } : { q: url.searchParams.get('q') ?? '' };
        return json(200, { data: { products: findSampleProducts(search) } });
      }
      case 'GetOrders': {
        const status = url.searchParams.get('Status');
        const q = (url.searchParams.get('Q') ?? '').toLowerCase();
        const pageNumber = Number(url.searchParams.get('Page') ?? 1);
        const found = orders.filter(
          (o) =>
            (!status || o.status === status) &&
            (!q ||
              o.orderCode.toLowerCase() === q ||
              [o.email ?? '', o.phone ?? '', o.shippingAddress.fullName ?? ''].some((text) => text.toLowerCase().includes(q))),
        );
        const rows = found.slice((pageNumber - 1) * STUDIO_ORDERS_PAGE, pageNumber * STUDIO_ORDERS_PAGE).map((o) => ({
          orderCode: o.orderCode,
          status: o.status,
          paymentStatus: o.paymentStatus,
          createdAt: o.createdAt,
          total: o.total,
          totalUnits: o.totalUnits,
          currencyCode: o.currencyCode,
          currencySymbol: o.currencySymbol,
          currencyRate: o.currencyRate,
          email: o.email,
          phone: o.phone,
          customerName: o.shippingAddress.fullName ?? '',
          items: o.lines.reduce((n, line) => n + line.quantity, 0),
        }));
        return json(200, { data: { orders: rows, total: found.length } });
      }
      case 'GetOrder': {
        const order = orders.find((o) => o.orderCode === url.searchParams.get('OrderCode'));
        return order ? json(200, { data: { order } }) : fail(404, 'NOT_FOUND', 'No order with that code', 'orderCode');
      }
      case 'SetOrderStatus': {
        // The server's rules (packages/server/src/studio/orders.ts), with its messages.
        const order = orders.find((o) => o.orderCode === body.orderCode);
        if (!order) return fail(404, 'NOT_FOUND', 'No order with that code', 'orderCode');
        const note = typeof body.note === 'string' ? body.note.trim() : '';
        if (body.paymentStatus === 'Paid') {
          if (order.paymentStatus === 'Paid') return fail(409, 'ALREADY_PAID', 'This order is already paid', 'paymentStatus');
          if (order.status === 'Cancelled') return fail(409, 'ORDER_CANCELLED', 'A cancelled order cannot be paid', 'paymentStatus');
          order.paymentStatus = 'Paid';
        } else {
          const to = body.status as OrderStatus;
          if (!orderStatuses.includes(to)) return fail(400, 'VALIDATION', 'give either a status or a payment status', 'status');
          if (!nextStatuses[order.status as OrderStatus].includes(to))
            return fail(409, 'STATUS_NOT_ALLOWED', `A ${order.status} order cannot become ${to}`, 'status');
          order.status = to;
        }
        order.history.push({ status: String(body.paymentStatus ?? body.status), note, at: '2025-03-29T09:30:00.000Z' });
        return json(200, { data: { order } });
      }
      case 'GetProducts': {
        productQueries.push(url.searchParams.toString());
        const param = (name: string) => url.searchParams.get(name) ?? '';
        const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
        const words = fold(param('q')).split(/\s+/).filter(Boolean);
        const inCategory = param('category') ? categoryAndBelow(Number(param('category'))) : null;
        const found = catalogue.products
          .filter(
            (p) =>
              words.every((word) => fold(`${p.name} ${p.sku}`).includes(word)) &&
              (!param('status') || p.status === param('status')) &&
              (!inCategory || (p.categoryId !== null && inCategory.has(p.categoryId))) &&
              (!param('brand') || p.brandId === Number(param('brand'))),
          )
          .map(studioProductRowOf)
          .filter((row) => !param('stock') || row.stockLevel === param('stock'));
        const by = {
          name: (a: StudioProductRow, b: StudioProductRow) => a.name.localeCompare(b.name),
          price: (a: StudioProductRow, b: StudioProductRow) => a.price - b.price,
          stock: (a: StudioProductRow, b: StudioProductRow) => a.stock - b.stock,
          oldest: (a: StudioProductRow, b: StudioProductRow) => a.id - b.id,
        };
        const sort = param('sort');
        const key = sort.replace(/-desc$/, '') as keyof typeof by;
        if (by[key]) found.sort((a, b) => by[key](a, b) * (sort.endsWith('-desc') ? -1 : 1));
        const page = Number(param('page') || 1);
        const pageSize = Number(param('pageSize') || 50);
        return json(200, {
          data: {
            products: found.slice((page - 1) * pageSize, page * pageSize),
            total: Math.min(found.length, catalogue.countLimit),
            more: found.length > catalogue.countLimit,
            page,
            pageSize,
          },
        });
      }
      case 'GetProduct': {
        const product = catalogue.products.find((p) => p.id === Number(url.searchParams.get('productId')));
        return product
          ? json(200, { data: { product: structuredClone(product) } })
          : fail(404, 'NOT_FOUND', 'productId: this store has no such product', 'productId');
      }
      case 'SaveProduct': {
        // The server's rules (packages/server/src/studio/products.ts), with its messages.
        const parsed = saveProductRequest.safeParse(body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const field = issue.path.join('.');
          return fail(400, 'BAD_REQUEST', `${field}: ${issue.message}`, field);
        }
        const request = parsed.data;
        const before = request.productId === undefined ? null : catalogue.products.find((p) => p.id === request.productId);
        if (before === undefined) return fail(404, 'NOT_FOUND', 'productId: this store has no such product', 'productId');
        if (before && before.version !== request.version)
          return json(409, {
            error: {
              code: 'PRODUCT_CHANGED',
              message: 'This product changed since you opened it, so your changes were not saved. Reload it, or save again to overwrite.',
              field: 'version',
              version: before.version,
            },
          });
        const slug = request.slug || before?.slug || slugFromName(request.name);
        if (catalogue.products.some((p) => p.slug === slug && p.id !== before?.id))
          return fail(400, 'BAD_REQUEST', 'slug: is the address of another product', 'slug');
        const pictureOf = (file: string) => before?.pictures.find((p) => p.file === file) ?? { width: 800, height: 800 };
        const saved: StudioProduct = {
          id: before?.id ?? nextProductId++,
          version: (before?.version ?? 0) + 1,
          name: request.name,
          slug,
          description: request.description,
          status: request.status,
          price: request.price,
          compareAtPrice: request.compareAtPrice,
          sku: request.sku,
          // Left out, the stored barcode is kept.
          barcode: request.barcode ?? before?.barcode ?? '',
          stock: request.stock,
          stockTracked: request.stockTracked,
          categoryId: request.categoryId,
          brandId: request.brandId,
          attributeValueIds: request.attributeValueIds,
          pictures: request.pictures.map((p) => ({ ...pictureOf(p.file), file: p.file, alt: p.alt })),
          options: request.options.map((o) => ({
            id: o.id ?? nextProductId++,
            name: o.name,
            inputTypeId: o.inputTypeId,
            required: o.required,
            values: o.values.map((v) => ({ id: v.id ?? nextProductId++, name: v.name, price: v.price })),
          })),
          addons: request.addons.map((a) => ({ id: a.id ?? nextProductId++, name: a.name, price: a.price })),
          variantOptions: request.variantOptions.map((axis, i) => ({
            attributeId: before?.variantOptions[i]?.attributeId ?? nextProductId++,
            name: axis.name,
            values: axis.values.map((name) => ({
              valueId: before?.variantOptions[i]?.values.find((v) => v.name === name)?.valueId ?? nextProductId++,
              name,
            })),
          })),
          variants: request.variants.map((v) => ({
            ...v,
            barcode: v.barcode ?? before?.variants.find((kept) => kept.id === v.id)?.barcode ?? '',
            id: v.id ?? nextProductId++,
          })),
          seo: request.seo,
        };
        catalogue.products = before ? catalogue.products.map((p) => (p.id === before.id ? saved : p)) : [saved, ...catalogue.products];
        return json(200, { data: { product: structuredClone(saved) } });
      }
      case 'BulkProducts': {
        const ids = body.productIds as number[];
        if (!ids.every((id) => catalogue.products.some((p) => p.id === id)))
          return fail(404, 'NOT_FOUND', 'productIds: this store has no such product', 'productIds');
        const named = (p: StudioProduct) => ids.includes(p.id);
        const status = { publish: 'active', draft: 'draft', archive: 'archived' } as const;
        const action = body.action as 'publish' | 'draft' | 'archive' | 'move' | 'delete';
        if (action === 'delete') catalogue.products = catalogue.products.filter((p) => !named(p));
        else
          catalogue.products = catalogue.products.map((p) =>
            !named(p)
              ? p
              : action === 'move'
                ? { ...p, categoryId: body.categoryId as number | null, version: p.version + 1 }
                : { ...p, status: status[action], version: p.version + 1 },
          );
        return json(200, { data: { changed: new Set(ids).size } });
      }
      case 'GetAnalytics':
        return json(200, { data: sampleAnalytics(url.searchParams.get('From')!, url.searchParams.get('To')!) });
      case 'GetRedirects':
        return json(200, { data: { rules: [{ ruleId: 1, fromPath: '/old-mug', to: '/stoneware-mug', status: 301 }], redirectURL: '' } });
      default:
        return catalogueScreens.answer(path, body, url) ?? fail(404, 'NOT_FOUND', `No fake for ${path}`);
    }
  };
  return { fetch, pages, theme, orders, catalogue, productQueries, calls, failing, catalogueScreens: catalogueScreens.state };
}

/**
 * The owner's analytics of a period as the server would answer them: more visitors than the period before, as many
 * sessions, fewer page views, a lower bounce rate, and orders where there were none.
 */
function sampleAnalytics(from: string, to: string): AnalyticsReport {
  const first = utcDayNumber(from);
  const length = utcDayNumber(to) - first + 1;
  const days = (start: number) =>
    Array.from({ length }, (_, i) => ({ day: utcDayText(start + i), visitors: 0, sessions: 0, pageViews: 0, orders: 0, revenue: 0 }));
  return {
    from,
    to,
    previousFrom: utcDayText(first - length),
    previousTo: utcDayText(first - 1),
    currencyCode: 'USD',
    currencySymbol: '$',
    totals: {
      visitors: 120,
      sessions: 150,
      pageViews: 480,
      avgDurationMs: 95_000,
      bounceRate: 0.4,
      orders: 6,
      revenue: 34_500,
      conversionRate: 0.04,
    },
    previousTotals: {
      visitors: 100,
      sessions: 150,
      pageViews: 500,
      avgDurationMs: 95_000,
      bounceRate: 0.45,
      orders: 0,
      revenue: 0,
      conversionRate: 0,
    },
    days: days(first),
    previousDays: days(first - length),
    topPages: [
      { name: '/', count: 200 },
      { name: '/kitchen', count: 120 },
    ],
    referrers: [
      { name: 'Direct', count: 90 },
      { name: 'www.google.com', count: 60 },
    ],
    campaigns: [],
    devices: [{ name: 'Desktop', count: 150 }],
    browsers: [{ name: 'Chrome', count: 150 }],
    countries: [{ name: 'Unknown', count: 150 }],
  };
}
