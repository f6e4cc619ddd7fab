import { describe, expect, it } from 'vitest';
import {
  RECLAMATION_ACTIONS,
  RECLAMATION_MOVES,
  RECLAMATION_STATUSES,
  reclamationActions,
  reclamationMove,
} from './reclamations.ts';

describe('the reclamation state machine', () => {
  it('has exactly one move per status and action, and none out of Rejected or Credited', () => {
    for (const status of RECLAMATION_STATUSES) {
      for (const action of RECLAMATION_ACTIONS) {
        expect(RECLAMATION_MOVES.filter((m) => m.from === status && m.action === action).length).toBeLessThan(2);
      }
    }
    expect(RECLAMATION_MOVES.filter((m) => m.from === 'rejected' || m.from === 'credited')).toEqual([]);
  });

  it('reaches the credit note only through accept, forward, review and approval', () => {
    expect(reclamationMove('new', 'approve')).toBeUndefined();
    expect(reclamationMove('accepted', 'issue_credit_note')).toBeUndefined();
    expect(reclamationMove('approved', 'issue_credit_note')).toMatchObject({ to: 'credited', by: 'owner' });
    expect(reclamationMove('in_progress', 'reject')?.by).toBe('reseller');
    expect(reclamationMove('in_review', 'reject')?.by).toBe('owner');
  });

  it("offers each party only its own moves: a reseller with its own stock both sides'", () => {
    expect(reclamationActions('in_progress', ['reseller'])).toEqual(['accept', 'reject']);
    expect(reclamationActions('in_review', ['reseller'])).toEqual([]);
    expect(reclamationActions('in_review', ['reseller', 'owner'])).toEqual(['approve', 'reject']);
    expect(reclamationActions('approved', [])).toEqual([]);
  });
});
