/** An image of the site's media library, as far as image controls need it. */
export interface MediaFile {
  path: string;
  name?: string;
}

/** What image controls may do with the site's media library. */
export interface MediaLibrary {
  /** Uploads a file; resolves to its media path. */
  upload(file: File): Promise<MediaFile>;
  list(): Promise<MediaFile[]>;
}

/** Reads a file as base64 without its `data:` prefix, as `Studio/UploadMedia` takes it. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
