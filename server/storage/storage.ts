/** Where uploaded files live. The local folder is the embedded default; S3 is for production. */
export interface Storage {
  /** Writes an object. Keys are server-generated; callers never pass user input as a key. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** The public URL the browser loads the object from. */
  publicUrl(key: string): string;
}
