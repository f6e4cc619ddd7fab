import type { Db } from '../../db/connect.ts';
import type { Clock } from '../../platform/clock.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { Storage } from '../../platform/storage.ts';
import { createProductsRepository } from './products.repository.ts';
import { productsRoutes } from './products.routes.ts';
import { createProductsService } from './products.service.ts';

/** What is sold: products, their configurations (denominations) and images. */
export function createProductsModule(deps: { db: Db; storage: Storage; clock: Clock }) {
  const products = createProductsService({
    db: deps.db,
    repo: createProductsRepository(deps.db),
    storage: deps.storage,
    clock: deps.clock,
  });
  const services = { products };
  return {
    name: 'products',
    services,
    register: async (app) => {
      await app.register(productsRoutes(products), { prefix: '/api' });
    },
    jobs: [],
  } satisfies PortalModule<typeof services>;
}
export type ProductsModule = ReturnType<typeof createProductsModule>;
