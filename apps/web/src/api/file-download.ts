/**
 * Authenticated downloads of files behind the API (a finished export `/api/jobs/{id}/file/`, an
 * import's original or errors file, a notification's document): fetched with the bearer token
 * like every call, then saved by the browser under the server's name (Content-Disposition) or
 * `fallbackName`.
 */
import { http } from './client';
import { filenameFromDisposition, saveBlob } from './download';

/** Downloads `url` and offers it to the user; resolves with the name it was saved under. */
export async function downloadFile(url: string, fallbackName: string): Promise<string> {
  const res = await http.raw(url);
  const name = filenameFromDisposition(res.headers.get('Content-Disposition')) ?? fallbackName;
  saveBlob(await res.blob(), name);
  return name;
}
