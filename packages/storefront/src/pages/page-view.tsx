import { useLoaderData } from 'react-router-dom';
import type { PublishedPage } from '@vitrine/commerce';
import { PageRenderer } from '@vitrine/renderer';
import { lazyRenderRegistry } from '@vitrine/sections';
import type { RouteMeta } from '../meta.ts';

export interface PageData {
  page: PublishedPage;
  meta: RouteMeta;
}

/** A published page (home or custom): its sections drawn with the registry, with the data the loader brought. */
export function PageView() {
  const { page } = useLoaderData() as PageData;
  return <PageRenderer sections={page.document.sections} registry={lazyRenderRegistry} data={page.sectionData} />;
}
