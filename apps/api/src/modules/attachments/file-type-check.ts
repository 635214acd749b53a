/**
 * The type of an uploaded file, from its bytes (issue 3 §5): `file-type` reads the magic
 * numbers (and, for OOXML / OpenDocument, the zip entries), so a renamed executable or a text
 * file called photo.jpg is refused whatever its name or the client's Content-Type say.
 */
import { fileTypeFromFile } from 'file-type';
import { ALLOWED_ATTACHMENT_TYPES } from '@tko/contract';

export interface DetectedType {
  /** The detected content type, or null when the bytes match no known format. */
  mime: string | null;
  /** Whether attachments accept it (contract ALLOWED_ATTACHMENT_TYPES). */
  allowed: boolean;
}

/** Detects the type of the file at `file`. */
export async function detectFileType(file: string): Promise<DetectedType> {
  const t = await fileTypeFromFile(file);
  const mime = t?.mime ?? null;
  return { mime, allowed: mime !== null && ALLOWED_ATTACHMENT_TYPES.includes(mime) };
}
