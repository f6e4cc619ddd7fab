import { describe, expect, it } from 'vitest';
import { readTableState, writeTableState } from './data-table-state.ts';

const options = { pageSize: 20, defaults: { status: 'pending', search: '' } };

describe('readTableState', () => {
  it('uses page 1 and the defaults for an empty URL', () => {
    expect(readTableState(new URLSearchParams(), options)).toEqual({
      page: 1,
      limit: 20,
      filters: { status: 'pending', search: '' },
    });
  });

  it('reads page and filters', () => {
    const state = readTableState(new URLSearchParams('page=3&status=all&search=abc'), options);
    expect(state).toEqual({ page: 3, limit: 20, filters: { status: 'all', search: 'abc' } });
  });

  it.each(['0', '-2', '1.5', 'abc', '', '99999999999999999999'])('falls back to page 1 for page=%s', (page) => {
    expect(readTableState(new URLSearchParams({ page }), options).page).toBe(1);
  });

  it('falls back to the default for a value outside the allowed set', () => {
    const allowed = { status: ['pending', 'all'] };
    expect(readTableState(new URLSearchParams('status=bogus'), { ...options, allowed }).filters.status).toBe('pending');
    expect(readTableState(new URLSearchParams('status=all'), { ...options, allowed }).filters.status).toBe('all');
  });

  it('ignores parameters that are not filters of this table', () => {
    const state = readTableState(new URLSearchParams('to=/x&other=1'), options);
    expect(state.filters).toEqual({ status: 'pending', search: '' });
  });

  it('reads only its own prefixed parameters', () => {
    const params = new URLSearchParams('page=4&status=all&req_page=2&req_status=expired');
    expect(readTableState(params, { ...options, prefix: 'req_', pageSize: 5 })).toEqual({
      page: 2,
      limit: 5,
      filters: { status: 'expired', search: '' },
    });
  });
});

describe('writeTableState', () => {
  it('sets the page and leaves other parameters alone', () => {
    const next = writeTableState(new URLSearchParams('status=all&keep=1'), options, { page: 4 });
    expect(next.toString()).toBe('status=all&keep=1&page=4');
  });

  it('drops page 1 from the URL', () => {
    expect(writeTableState(new URLSearchParams('page=5'), options, { page: 1 }).toString()).toBe('');
  });

  it('returns to page 1 when a filter changes', () => {
    const next = writeTableState(new URLSearchParams('page=5'), options, { filters: { status: 'approved' } });
    expect(next.toString()).toBe('status=approved');
  });

  it('removes filters that equal their default or are empty', () => {
    const next = writeTableState(new URLSearchParams('status=all&search=x'), options, {
      filters: { status: 'pending', search: '' },
    });
    expect(next.toString()).toBe('');
  });

  it('round-trips through readTableState', () => {
    const params = writeTableState(new URLSearchParams(), options, { filters: { search: 'müller & co' }, page: 2 });
    expect(readTableState(params, options)).toEqual({
      page: 2,
      limit: 20,
      filters: { status: 'pending', search: 'müller & co' },
    });
  });

  it('writes prefixed parameters only', () => {
    const next = writeTableState(new URLSearchParams('page=3'), { ...options, prefix: 'req_' }, { page: 2 });
    expect(next.toString()).toBe('page=3&req_page=2');
  });

  it('does not change the URL it was given', () => {
    const params = new URLSearchParams('page=2');
    writeTableState(params, options, { page: 3 });
    expect(params.toString()).toBe('page=2');
  });
});
