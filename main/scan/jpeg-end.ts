// Is a JPEG complete? A copy cut short (a failed transfer, a full card) has no EOI marker
// (FF D9) at its end, and the service would refuse or misread it.
//
// The cheap check reads only the last bytes. Some complete JPEGs do not end in EOI though:
// phones append data after the image (Google and Samsung "motion photos" append a video,
// some cameras pad with zeros). For those, and only those, the hashing pass (which reads every
// byte anyway) also walks the JPEG structure with JpegEndFinder and accepts the file when the
// image itself ends in EOI.

/** Bytes read from the end of a JPEG for the cheap check. */
export const JPEG_TAIL_BYTES = 64;

/** True when the tail ends in EOI, ignoring trailing padding (zero bytes, line breaks). */
export function tailHasEoi(tail: Uint8Array): boolean {
  let end = tail.length;
  for (let byte = tail[end - 1]; byte === 0x00 || byte === 0x0a || byte === 0x0d;) {
    end--;
    byte = tail[end - 1];
  }
  return end >= 2 && tail[end - 2] === 0xff && tail[end - 1] === 0xd9;
}

type State =
  | 'marker' // expecting 0xFF before a marker
  | 'code' // expecting the marker code (0xFF fill allowed)
  | 'length1'
  | 'length2'
  | 'skip' // inside a segment's payload
  | 'entropy' // compressed scan data, looking for 0xFF
  | 'entropyFF'; // saw 0xFF in scan data

/**
 * Streaming walk over JPEG markers: segment lengths are followed (so an EXIF thumbnail's own
 * EOI inside APP1 does not count), scan data is searched for the marker that ends it.
 * `complete` becomes true at the EOI that follows the first scan; `damaged` when the bytes stop
 * making sense as a JPEG.
 */
export class JpegEndFinder {
  complete = false;
  damaged = false;
  private state: State = 'marker';
  private code = 0;
  private length = 0;
  private remaining = 0;
  private seenScan = false;

  push(chunk: Uint8Array): void {
    let i = 0;
    const n = chunk.length;
    while (i < n && !this.complete && !this.damaged) {
      switch (this.state) {
        case 'marker':
          if (chunk[i++] === 0xff) this.state = 'code';
          else this.damaged = true;
          break;
        case 'code': {
          const code = chunk[i++] ?? 0;
          if (code !== 0xff) this.onMarker(code);
          break;
        }
        case 'length1':
          this.length = (chunk[i++] ?? 0) << 8;
          this.state = 'length2';
          break;
        case 'length2':
          this.length |= chunk[i++] ?? 0;
          if (this.length < 2) {
            this.damaged = true;
          } else {
            this.remaining = this.length - 2;
            this.state = 'skip';
          }
          break;
        case 'skip': {
          const step = Math.min(this.remaining, n - i);
          i += step;
          this.remaining -= step;
          if (this.remaining === 0) this.state = this.code === 0xda ? 'entropy' : 'marker';
          break;
        }
        case 'entropy': {
          const at = chunk.indexOf(0xff, i);
          if (at < 0) {
            i = n;
          } else {
            i = at + 1;
            this.state = 'entropyFF';
          }
          break;
        }
        case 'entropyFF': {
          const code = chunk[i++] ?? 0;
          // FF00 is an escaped data byte, FFD0-FFD7 restart markers, FFFF fill: still in the scan.
          if (code === 0x00 || (code >= 0xd0 && code <= 0xd7)) this.state = 'entropy';
          else if (code !== 0xff) this.onMarker(code);
          break;
        }
      }
    }
  }

  private onMarker(code: number): void {
    this.code = code;
    if (code === 0xd9) {
      if (this.seenScan) this.complete = true;
      else this.damaged = true;
    } else if (code === 0xd8 || code === 0x01 || (code >= 0xd0 && code <= 0xd7)) {
      this.state = 'marker'; // markers without a length
    } else {
      if (code === 0xda) this.seenScan = true;
      this.state = 'length1';
    }
  }
}
