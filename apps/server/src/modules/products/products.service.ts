import { LIMITS } from '@portal/contract/limits';
import {
  type addProductBody,
  PRODUCT_IMAGE_MAX_BYTES,
  type ProductType,
  type updateProductBody,
  type viewProductsBody,
} from '@portal/contract/products';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import type { Storage, UploadedFile } from '../../platform/storage.ts';
import { toConfigurationView, toProductView, vatColumns, vatOf } from './products.mapper.ts';
import type { ProductsRepository } from './products.repository.ts';

/** Image types told apart by their first bytes; the name and the browser's content type are not trusted. */
export function sniffImage(data: Buffer): string | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.toString('latin1', 0, 6))) return 'image/gif';
  return null;
}

/**
 * Refusal of a change to what the platform assigned to a reseller: it sees and sells those
 * configurations, but the product, its denominations and its stock stay the platform's.
 */
export const readOnlyAssigned = () =>
  new AppError('forbidden', "Assigned by the platform: the platform's products and stock are read-only here");

/**
 * Catalogue of one owner (the platform or a reseller), plus, read-only, what the platform assigned to a
 * reseller through PAD. Every row is looked up by id and then checked against the actor's customer:
 * another tenant's product answers 404, never 403; a change to an assigned one answers 403.
 */
export function createProductsService(deps: { db: Db; repo: ProductsRepository; storage: Storage; clock: Clock }) {
  const { db, repo, storage, clock } = deps;

  /** The actor's own product or one assigned to it (`assigned`), for reading; anything else is 404. */
  async function getVisibleProduct(actor: Actor, productId: number, types?: readonly ProductType[]) {
    const product = await repo.findProduct(productId);
    if (!product || (types && !types.includes(product.productType as ProductType))) throw notFound('Product');
    if (product.ownerCustomerId === actor.customerId) return { product, assigned: false };
    if (await repo.isProductAssigned(actor.customerId, product.id)) return { product, assigned: true };
    throw notFound('Product');
  }

  /** A product the actor may change: its own (an assigned one answers 403, anything else 404). */
  async function getOwnProduct(actor: Actor, productId: number, types?: readonly ProductType[]) {
    const { product, assigned } = await getVisibleProduct(actor, productId, types);
    if (assigned) throw readOnlyAssigned();
    return product;
  }

  /** A configuration of the actor's own catalogue or assigned to it (`assigned`); anything else is 404. */
  async function getVisibleConfiguration(actor: Actor, configurationId: number) {
    const c = await repo.findConfiguration(configurationId);
    if (!c) throw notFound('Configuration');
    if (c.ownerCustomerId === actor.customerId) return { ...c, assigned: false };
    if (await repo.isConfigurationAssigned(actor.customerId, c.id)) return { ...c, assigned: true };
    throw notFound('Configuration');
  }

  /** A configuration of the actor's own catalogue, to change or to import into (assigned: 403, foreign: 404). */
  async function getOwnConfiguration(actor: Actor, configurationId: number) {
    const c = await getVisibleConfiguration(actor, configurationId);
    if (c.assigned) throw readOnlyAssigned();
    return c;
  }

  /** Creates a product with its denominations; in the caller's transaction when one is given (pools). */
  async function createProduct(actor: Actor, body: z.output<typeof addProductBody>, outer?: Tx) {
    const inTx = <T>(fn: (tx: Tx) => Promise<T>) => (outer ? fn(outer) : db.transaction(fn));
    return inTx(async (tx) => {
      const { product, configurations } = await repo.insertProduct(
        {
          ownerCustomerId: actor.customerId,
          productType: body.product_type,
          productName: body.product_name,
          pinLength: body.pin_length,
          customerCare: body.customer_care,
          instructions: body.instructions,
          isConfiguration: body.is_configuration,
          ...vatColumns(body.vat_treatment),
        },
        body.configurations,
        tx,
      );
      return {
        ...toProductView(product, configurations.length, false),
        configurations: configurations.map(toConfigurationView),
      };
    });
  }

  async function findProducts(actor: Actor, q: z.output<typeof viewProductsBody>, types?: readonly ProductType[]) {
    const limit = q.total_items ?? LIMITS.productPageSize;
    const wanted = q.filters.product_type ? [q.filters.product_type] : types;
    if (types && q.filters.product_type && !types.includes(q.filters.product_type))
      return { items: [], total: 0, limit };
    const { items, total } = await repo.findProductPage({
      customerId: actor.customerId,
      productTypes: wanted ? [...wanted] : undefined,
      isActive: q.filters.is_active,
      search: q.search_text,
      limit,
      offset: (q.page - 1) * limit,
    });
    return {
      items: items.map((r) =>
        toProductView(r.product, r.configurationCount, r.product.ownerCustomerId !== actor.customerId),
      ),
      total,
      limit,
    };
  }

  /**
   * view_type 1: one product and a page of its configurations (10 by default, spec section 9); of a
   * product the platform assigned, only the assigned configurations.
   */
  async function getProduct(
    actor: Actor,
    productId: number,
    pageNo: number,
    limit: number,
    types?: readonly ProductType[],
  ) {
    const { product, assigned } = await getVisibleProduct(actor, productId, types);
    const onlyAssigned = assigned ? actor.customerId : undefined;
    const [configurations, total] = await Promise.all([
      repo.findConfigurationPage(product.id, limit, (pageNo - 1) * limit, onlyAssigned),
      repo.countConfigurations(product.id, onlyAssigned),
    ]);
    return {
      product: toProductView(product, total, assigned),
      configurations: configurations.map(toConfigurationView),
      total,
    };
  }

  async function updateProduct(actor: Actor, body: z.output<typeof updateProductBody>, types?: readonly ProductType[]) {
    await getOwnProduct(actor, body.product_id, types);
    await db.transaction(async (tx) => {
      const product = await repo.lockProduct(body.product_id, tx);
      if (!product) throw notFound('Product');
      if (body.pin_length !== undefined && body.pin_length !== product.pinLength) {
        // Stored PINs were checked against the old length; changing it would make them inconsistent.
        if (await repo.hasPins({ productId: product.id }, tx))
          throw new AppError('conflict', 'pin_length cannot change once the product has PINs in stock');
      }
      await repo.updateProduct(
        product.id,
        {
          productName: body.product_name,
          pinLength: body.pin_length,
          customerCare: body.customer_care,
          instructions: body.instructions,
          isConfiguration: body.is_configuration,
          isActive: body.is_active,
          ...(body.vat_treatment ? vatColumns(body.vat_treatment) : {}),
        },
        tx,
      );
      // A new treatment holds from now on (decision 0132): sales before keep theirs on every invoice.
      if (body.vat_treatment && body.vat_treatment !== vatOf(product)) {
        await repo.appendVatEntry(product.id, vatColumns(body.vat_treatment), clock.now(), tx);
      }
      const existing = new Map((await repo.findConfigurations(product.id, tx)).map((c) => [c.id, c]));
      for (const [i, c] of (body.configurations ?? []).entries()) {
        if (c.id === undefined) {
          if (!c.value)
            throw validationError([
              {
                field: `configurations.${i}.value`,
                rule: 'required',
                message: `configurations.${i}.value: required for a new denomination`,
              },
            ]);
          await repo.insertConfiguration(product.id, c.value, c.info ?? '', tx);
          continue;
        }
        const current = existing.get(c.id);
        if (!current) throw notFound('Configuration');
        if (c.value !== undefined && c.value !== current.value && (await repo.hasPins({ configurationId: c.id }, tx))) {
          throw new AppError('conflict', 'value cannot change once the denomination has PINs in stock');
        }
        await repo.updateConfiguration(c.id, { value: c.value, info: c.info, isActive: c.is_active }, tx);
      }
    });
    const updated = await getProduct(actor, body.product_id, 1, LIMITS.maxPageSize, types);
    return { ...updated.product, configurations: updated.configurations };
  }

  async function updateProductImage(actor: Actor, productId: number, file: UploadedFile | null) {
    const product = await getOwnProduct(actor, productId);
    if (!file || file.data.length === 0)
      throw validationError([
        { field: 'product_image', rule: 'required', message: 'product_image: a file is required' },
      ]);
    if (file.data.length > PRODUCT_IMAGE_MAX_BYTES)
      throw validationError([{ field: 'product_image', rule: 'too_big', message: 'product_image: at most 1 MB' }]);
    const contentType = sniffImage(file.data);
    if (!contentType)
      throw validationError([
        { field: 'product_image', rule: 'type', message: 'product_image: PNG, JPEG, WebP or GIF only' },
      ]);
    const previous = product.productImage;
    await db.transaction(async (tx) => {
      const stored = await storage.put(
        {
          purpose: 'product_image',
          ownerCustomerId: actor.customerId,
          name: file.filename,
          contentType,
          data: file.data,
        },
        tx,
      );
      await repo.updateProduct(product.id, { productImage: stored.id }, tx);
      if (previous) await storage.delete(previous, tx);
    });
    const updated = await getOwnProduct(actor, productId);
    return toProductView(updated, await repo.countConfigurations(productId), false);
  }

  /** Product images are not secret: served to any browser by their random id. */
  async function getProductImage(fileId: string) {
    const file = await storage.get(fileId);
    if (file?.purpose !== 'product_image') throw notFound('Image');
    return file;
  }

  return {
    findConfiguration: repo.findConfiguration,
    getVisibleProduct,
    getOwnProduct,
    getVisibleConfiguration,
    getOwnConfiguration,
    createProduct,
    findProducts,
    getProduct,
    updateProduct,
    updateProductImage,
    getProductImage,
  };
}
export type ProductsService = ReturnType<typeof createProductsService>;
