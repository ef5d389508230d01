import { SPLASH_TIMEOUT_MS } from '@formloop/domain';
import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * Whether the loading splash still shows (spec §2, §9): it hides once 3 s have passed and nothing is
 * loading (react-query's fetch count is zero); if loads are still running then, it waits for them.
 * Once hidden it stays hidden: later loads show their own spinners. Kept by the shell itself, so
 * switching between the full and the normal layout does not bring it back.
 */
export function useSplash(): boolean {
  const fetching = useIsFetching();
  const [timedOut, setTimedOut] = useState(false);
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), SPLASH_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (timedOut && fetching === 0) setHidden(true);
  }, [timedOut, fetching]);

  return !hidden;
}
