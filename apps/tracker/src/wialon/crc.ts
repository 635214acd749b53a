/**
 * The Wialon IPS 2.0 checksum (protocol description, «Checksum» section): CRC-16/ARC — polynomial
 * 0x8005 reflected (0xA001), initial value 0, no final XOR; check value of "123456789" 0xBB3D —
 * over the bytes of the message after `#TYPE#` up to and including the `;` (or, in a black box
 * packet, the `|`) before the checksum field, which carries it as hexadecimal digits.
 * Computed by the `crc` package (its crc16 is CRC-16/ARC).
 */
import crc16 from 'crc/crc16';

/** CRC-16/ARC of a text's UTF-8 bytes as 4 upper-case hex digits, as trackers send it. */
export function wialonCrc(text: string): string {
  return crc16(Buffer.from(text, 'utf8')).toString(16).toUpperCase().padStart(4, '0');
}

/**
 * Whether a received checksum field (hex, any case, 1–4 digits) matches the text; the receiver
 * reads the socket as latin1, so each character is one received byte.
 */
export function crcMatches(text: string, field: string): boolean {
  return /^[0-9a-fA-F]{1,4}$/.test(field) && Number.parseInt(field, 16) === crc16(Buffer.from(text, 'latin1'));
}
