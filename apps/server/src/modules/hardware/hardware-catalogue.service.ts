import { ROLE } from '@portal/contract/roles';
import type { Db, Tx } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import type { Storage, UploadedFile } from '../../platform/storage.ts';
import { sniffImage } from '../products/products.service.ts';
import { categoryOf, productOf } from './hardware.mapper.ts';
import type { HardwareRepository } from './hardware.repository.ts';

const IMAGE_MAX_BYTES = 1024 * 1024;

/**
 * `/hardware`, `/hardware/category/{id}` (the reseller keeps its catalogue) and `/hardware/categories`,
 * `/hardware/{categoryId}` (its shops browse it). A shop sees its own reseller's catalogue only.
 */
export function createHardwareCatalogueService(deps: {
  db: Db;
  repo: HardwareRepository;
  storage: Pick<Storage, 'put' | 'get' | 'delete'>;
  clock: Clock;
}) {
  const { db, repo, storage, clock } = deps;

  /** Whose catalogue the user sees: a reseller its own, a shop its reseller's. */
  const catalogueOwner = (actor: Actor) =>
    actor.account_role === ROLE.reseller ? actor.customerId : (actor.parentCustomerId ?? 0);

  async function storeImage(actor: Actor, file: UploadedFile | null, tx: Tx) {
    if (!file || file.data.length === 0) return null;
    if (file.data.length > IMAGE_MAX_BYTES)
      throw validationError([{ field: 'image', rule: 'too_big', message: 'image: at most 1 MB' }]);
    const contentType = sniffImage(file.data);
    if (!contentType)
      throw validationError([{ field: 'image', rule: 'type', message: 'image: PNG, JPEG, WebP or GIF only' }]);
    const stored = await storage.put(
      {
        purpose: 'hardware_image',
        ownerCustomerId: actor.customerId,
        name: file.filename,
        contentType,
        data: file.data,
      },
      tx,
    );
    return stored.id;
  }

  async function findCategories(actor: Actor, q: { page: number; limit: number; search?: string }) {
    const { items, total } = await repo.findCategoriesPage(catalogueOwner(actor), q);
    return { items: items.map(categoryOf), total };
  }

  async function ownCategory(actor: Actor, id: number) {
    const c = await repo.findCategory(actor.customerId, id);
    if (!c) throw notFound('Category');
    return c;
  }

  async function categoryView(actor: Actor, id: number) {
    const [row] = (await repo.findCategoriesPage(actor.customerId, { page: 1, limit: 1, id })).items;
    if (!row) throw notFound('Category');
    return categoryOf(row);
  }

  async function createCategory(
    actor: Actor,
    body: { category_name: string; description?: string },
    image: UploadedFile | null,
  ) {
    const id = await db.transaction(async (tx) =>
      repo.insertCategory(
        {
          ownerCustomerId: actor.customerId,
          name: body.category_name,
          description: body.description ?? '',
          imageFileId: await storeImage(actor, image, tx),
          at: clock.now(),
        },
        tx,
      ),
    );
    return categoryView(actor, id);
  }

  async function updateCategory(
    actor: Actor,
    id: number,
    body: { category_name?: string; description?: string },
    image: UploadedFile | null,
  ) {
    const category = await ownCategory(actor, id);
    await db.transaction(async (tx) => {
      const imageFileId = (await storeImage(actor, image, tx)) ?? undefined;
      await repo.updateCategory(id, { name: body.category_name, description: body.description, imageFileId }, tx);
      if (imageFileId && category.imageFileId) await storage.delete(category.imageFileId, tx);
    });
    return categoryView(actor, id);
  }

  /** Removed from the shop; orders placed from it keep their product name and price. */
  async function deleteCategory(actor: Actor, id: number) {
    await ownCategory(actor, id);
    await repo.updateCategory(id, { deletedAt: clock.now() });
    return { id };
  }

  async function findProducts(actor: Actor, q: { page: number; limit: number; category_id?: number; search?: string }) {
    const { items, total } = await repo.findProductsPage(catalogueOwner(actor), q);
    return { items: items.map(productOf), total };
  }

  async function ownProduct(actor: Actor, id: number) {
    const p = await repo.findOwnProduct(actor.customerId, id);
    if (!p) throw notFound('Product');
    return p;
  }

  async function createProduct(
    actor: Actor,
    body: { category_id: number; product_name: string; description?: string; price: string; stock: number },
    image: UploadedFile | null,
  ) {
    await ownCategory(actor, body.category_id);
    const id = await db.transaction(async (tx) =>
      repo.insertProduct(
        {
          categoryId: body.category_id,
          name: body.product_name,
          description: body.description ?? '',
          price: body.price,
          stock: body.stock,
          imageFileId: await storeImage(actor, image, tx),
          at: clock.now(),
        },
        tx,
      ),
    );
    return productOf(await ownProduct(actor, id));
  }

  async function updateProduct(
    actor: Actor,
    id: number,
    body: { product_name?: string; description?: string; price?: string; stock?: number },
    image: UploadedFile | null,
  ) {
    const product = await ownProduct(actor, id);
    await db.transaction(async (tx) => {
      const imageFileId = (await storeImage(actor, image, tx)) ?? undefined;
      await repo.updateProduct(
        id,
        { name: body.product_name, description: body.description, price: body.price, stock: body.stock, imageFileId },
        tx,
      );
      if (imageFileId && product.imageFileId) await storage.delete(product.imageFileId, tx);
    });
    return productOf(await ownProduct(actor, id));
  }

  async function deleteProduct(actor: Actor, id: number) {
    await ownProduct(actor, id);
    await repo.updateProduct(id, { deletedAt: clock.now() });
    return { id };
  }

  /** Images are public like product images: they show goods, never anything of a customer. */
  async function getImage(fileId: string) {
    const file = await storage.get(fileId);
    if (file?.purpose !== 'hardware_image') throw notFound('Image');
    return file;
  }

  return {
    findCategories,
    createCategory,
    updateCategory,
    deleteCategory,
    findProducts,
    createProduct,
    updateProduct,
    deleteProduct,
    getImage,
  };
}
export type HardwareCatalogueService = ReturnType<typeof createHardwareCatalogueService>;
