import { giftCardsEndpoints } from '@portal/contract/gift-cards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, page } from '../../platform/envelope.ts';
import { routesOf } from '../../platform/routes.ts';
import type { GiftCardsService } from './gift-cards.service.ts';

const tags = ['gift cards'];

export function giftCardsRoutes(giftCards: GiftCardsService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routesOf(app, giftCardsEndpoints, { tags });
    route('/view_gift_cards/', async (req) => {
      const q = req.body;
      const { items, total } = await giftCards.findGiftCards(req.actor, q);
      return ok(page('gift_cards', items, total, q, { search_text: q.search_text ?? '' }));
    });
    route('/gift_card_details/', async (req) => ok(await giftCards.getGiftCard(req.actor, req.body.card)));
    route('/gift_card_batch_search/', async (req) => {
      const q = req.body;
      const { items, total } = await giftCards.searchBatches(req.actor, q);
      return ok(page('batches', items, total, q, { batch_no: q.batch_no }));
    });
    route('/add_gift_cards/', async (req) =>
      ok(await giftCards.createGiftCard(req.actor, req.body), 'Gift card added'),
    );
    route('/update_gift_cards/', async (req) =>
      ok(await giftCards.updateGiftCard(req.actor, req.body), 'Gift card updated'),
    );
  };
}
