import { createContext, use } from 'react';
import type { MediaLibrary } from '../state/media.ts';

const noLibrary: MediaLibrary = {
  upload: () => Promise.reject(new Error('Uploading is not available here.')),
  list: () => Promise.resolve([]),
};

/** The site's media library, given by the editor to every image control under it. */
export const MediaContext = createContext<MediaLibrary>(noLibrary);

/** The media library image controls upload to and pick from. */
export function useMedia(): MediaLibrary {
  return use(MediaContext);
}
