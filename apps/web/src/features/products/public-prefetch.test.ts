import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query';
import { SERVED_ANSWERS, takeServedAnswers } from './public-prefetch';

afterEach(() => {
  document.body.innerHTML = '';
  queryClient.clear();
});

describe('the answers the server rendered the catalogue with', () => {
  it('go into the query cache once, fresh, and their tag leaves the page', () => {
    document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${SERVED_ANSWERS}">[[["public","filters"],{"areas":[]}],[["public","products",{"page":1},null],{"data":[],"meta":{"total":0}}]]</script>`;
    takeServedAnswers();
    expect(queryClient.getQueryData(['public', 'filters'])).toEqual({ areas: [] });
    expect(queryClient.getQueryData(['public', 'products', { page: 1 }, null])).toEqual({ data: [], meta: { total: 0 } });
    expect(queryClient.getQueryState(['public', 'filters'])?.isInvalidated).toBe(false);
    expect(document.getElementById(SERVED_ANSWERS)).toBeNull();
    queryClient.clear();
    takeServedAnswers();
    expect(queryClient.getQueryData(['public', 'filters'])).toBeUndefined();
  });

  it('that cannot be read leave the cache empty: the app asks the API as usual', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.body.innerHTML = `<script type="application/json" id="${SERVED_ANSWERS}">[[["public"</script>`;
    takeServedAnswers();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
