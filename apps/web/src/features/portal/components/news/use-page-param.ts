import { useSearchParams } from 'react-router';

/** The page of a portal list in the address (?page=2), so a link or a reload shows the same page. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const setPage = (p: number) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (p === 1) next.delete('page');
        else next.set('page', String(p));
        return next;
      },
      { replace: false },
    );
    window.scrollTo({ top: 0 });
  };
  return [page, setPage];
}
