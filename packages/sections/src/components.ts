import type { ComponentType } from 'react';
import type { SectionRenderProps } from '@vitrine/renderer';
import { About } from './about/about.tsx';
import { Banners } from './banners/banners.tsx';
import { Brands } from './brands/brands.tsx';
import { Categories } from './categories/categories.tsx';
import { Clients } from './clients/clients.tsx';
import { Contact } from './contact/contact.tsx';
import { Content } from './content/content.tsx';
import { Cta } from './cta/cta.tsx';
import { Features } from './features/features.tsx';
import { Footer } from './footer/footer.tsx';
import { Forms } from './forms/forms.tsx';
import { Header } from './header/header.tsx';
import { HeroBanner } from './hero-banner/hero-banner.tsx';
import { Html } from './html/html.tsx';
import { Pricing } from './pricing/pricing.tsx';
import { Products } from './products/products.tsx';
import { Promotion } from './promotion/promotion.tsx';
import { Services } from './services/services.tsx';
import { SocialMedia } from './social-media/social-media.tsx';
import { Subscribe } from './subscribe/subscribe.tsx';
import { Team } from './team/team.tsx';
import { Testimonials } from './testimonials/testimonials.tsx';
import type { sectionSchemas } from './schemas.ts';
import { themeComponents } from '#theme-components';

/**
 * Every section type's component, by the same ids as `sectionSchemas`: the compiler refuses a type that has a schema
 * and no component, or a component and no schema. What the renderer draws with.
 */
export const sectionComponents: { [K in keyof typeof sectionSchemas]: ComponentType<SectionRenderProps> } = {
  1: Header,
  2: Footer,
  3: Products,
  4: Categories,
  5: Brands,
  6: HeroBanner,
  7: Banners,
  8: Content,
  9: Cta,
  10: About,
  11: Services,
  12: Features,
  13: Clients,
  14: Testimonials,
  15: Promotion,
  16: Pricing,
  17: Team,
  18: Contact,
  19: SocialMedia,
  20: Subscribe,
  21: Forms,
  22: Html,
  ...themeComponents,
};
