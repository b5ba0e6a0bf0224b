const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id for something not yet saved (§9): "temp-" followed by 12 random alphanumerics. */
export function tempId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  let id = 'temp-';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return id;
}

/** Whether an id names something not yet saved. */
export const isTempId = (id: string): boolean => /^temp-[A-Za-z0-9]{12}$/.test(id);
