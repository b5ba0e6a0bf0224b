// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, expect, it, vi } from 'vitest';
import type { ComparedProduct, ProductCard } from '@vitrine/commerce';
import { ShopProvider } from '@vitrine/sections';
import { sampleCard } from '@vitrine/sections/fixtures';
import { AppContext } from '../app-context.tsx';
import type { ApiClient } from '../client/api-client.ts';
import { useSiteState } from '../client/site-state.ts';
import { ComparePage } from './compare.tsx';

afterEach(cleanup);

const mug: ComparedProduct = { ...sampleCard, attributes: { Material: 'Stoneware' } };
const kettle: ComparedProduct = {
  ...sampleCard,
  productID: 9,
  itemName: 'Copper Kettle',
  productURL: '/copper-kettle',
  needsChoice: true,
  attributes: { Material: 'Copper' },
};

it('puts a product in the cart from the comparison, or leads to its page when there is something to choose (issue 33)', async () => {
  useSiteState.setState({ compare: [7, 9] });
  const request = vi.fn(async () => ({ data: { products: [mug, kettle] } }));
  const add = vi.fn<(product: ProductCard) => void>();
  render(
    <AppContext value={{ api: { request } as unknown as ApiClient }}>
      <ShopProvider value={{ cart: { add } }}>
        <MemoryRouter>
          <ComparePage />
        </MemoryRouter>
      </ShopProvider>
    </AppContext>,
  );
  const table = await screen.findByRole('table');
  const [mugColumn, kettleColumn] = within(table).getAllByRole('columnheader');
  fireEvent.click(within(mugColumn!).getByRole('button', { name: 'Add to cart: Stoneware Mug' }));
  expect(add).toHaveBeenCalledWith(mug);
  expect(within(kettleColumn!).queryByRole('button', { name: /Add to cart/ })).toBeNull();
  expect(within(kettleColumn!).getByRole('link', { name: 'Choose options for Copper Kettle' }).getAttribute('href')).toBe('/copper-kettle');
});
