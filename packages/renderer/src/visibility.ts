import { useEffect, useRef, useState } from 'react';

/** The share of an element that must be on screen before its scroll animation runs (§9). */
export const SCROLL_ANIMATION_THRESHOLD = 0.5;

/** Whether an element has been at least half on screen once; true from the start where there is no observer. */
export function useSeenOnce<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold: SCROLL_ANIMATION_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, seen };
}
