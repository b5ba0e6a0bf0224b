import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router-dom';

/** The loading bar (§9): 4 px high, shown only when loading lasts over 200 ms, filling over 2000 ms. */
const LOADING_BAR = { height: 4, throttleMs: 200, durationMs: 2000 } as const;

/** A thin bar at the top while a navigation loads its data. */
export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      const hide = setTimeout(() => setVisible(false), 0);
      return () => clearTimeout(hide);
    }
    const show = setTimeout(() => setVisible(true), LOADING_BAR.throttleMs);
    return () => clearTimeout(show);
  }, [busy]);
  if (!visible) return null;
  return (
    <div
      className="vt-loading-bar"
      role="progressbar"
      aria-label="Loading"
      style={{ height: LOADING_BAR.height, animationDuration: `${LOADING_BAR.durationMs}ms` }}
    />
  );
}
