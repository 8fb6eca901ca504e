// A photo set of our own for the photo checks (issue 34), made independently of what the reader
// was tuned on: the sample generator's meter scenes with a serial sticker composited at a random
// place, size and tilt (0-30° either way), as Code 128, QR or DataMatrix, a quarter printing the
// serial without its dash and some with leading zeros; a share seen at a slant (an affine shear
// and turn, standing in for a phone held at an angle); mildly blurred and pale photos that stay
// legible; strongly blurred, dark, washed-out and tiny photos that do not; swapped photos (named
// after one meter, showing another's sticker) and photos named IMG_xxxx.
import sharp, { type Sharp } from 'sharp';
import { renderMeterPhoto } from '../../sandbox/samples';
import { stickerPng, type StickerFormat } from '../../sandbox/samples/code-sticker';

/** What a photo is, and so what the checks should do with it. */
export type SetCase =
  | 'good'
  | 'perspective'
  | 'mild_blur'
  | 'pale'
  | 'unnamed'
  | 'swapped'
  | 'strong_blur'
  | 'dark'
  | 'washed_out'
  | 'tiny';

/** Photos a clerk cannot read: the check should hold them. */
export const BAD_CASES: readonly SetCase[] = ['strong_blur', 'dark', 'washed_out', 'tiny'];

export interface SetPhoto {
  readonly name: string;
  readonly kase: SetCase;
  /** The meter the photo shows (its sticker's meter). */
  readonly shows: string;
  /** The meter its name says, or null for IMG_xxxx. */
  readonly named: string | null;
  readonly format: StickerFormat;
  /** The sticker's tilt, degrees. */
  readonly tilt: number;
  /** The text printed on the sticker. */
  readonly printed: string;
  readonly bytes: Buffer;
}

/** Mix of a full set of 150: the proportions (a third bad or swapped). */
const MIX: readonly (readonly [SetCase, number])[] = [
  ['good', 44],
  ['perspective', 16],
  ['mild_blur', 12],
  ['pale', 8],
  ['unnamed', 10],
  ['swapped', 20],
  ['strong_blur', 12],
  ['dark', 10],
  ['washed_out', 10],
  ['tiny', 8],
];

/** A small deterministic generator (mulberry32): the same set on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function meterOf(i: number): string {
  return `4711-${String(1000 + i * 7).padStart(4, '0')}`;
}

/** How the serial is printed: as on the sheet, without its dash (a quarter), or zero-padded. */
function printed(serial: string, r: number): string {
  if (r < 0.25) return serial.replace('-', '');
  if (r < 0.35) return `00${serial}`;
  return serial;
}

async function withSticker(
  scene: Buffer,
  width: number,
  text: string,
  format: StickerFormat,
  tilt: number,
  rnd: () => number,
): Promise<Sharp> {
  const height = Math.round((width * 3) / 4);
  const share = format === 'Code128' ? 0.14 + rnd() * 0.12 : 0.07 + rnd() * 0.06;
  const sticker = await stickerPng(text, format, Math.round(width * share));
  const turned = await sharp(sticker)
    .rotate(tilt, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  // Lower left or lower right of the dial, where a housing's sticker sits.
  const x = (rnd() < 0.5 ? 0.2 : 0.8) * width - turned.info.width / 2;
  const y = (0.72 + rnd() * 0.1) * height - turned.info.height / 2;
  const left = Math.max(0, Math.min(width - turned.info.width, Math.round(x)));
  const top = Math.max(0, Math.min(height - turned.info.height, Math.round(y)));
  return sharp(scene).composite([{ input: turned.data, left, top }]);
}

async function finish(
  image: Sharp,
  kase: SetCase,
  width: number,
  rnd: () => number,
): Promise<Buffer> {
  const digit = width / 20;
  let out = sharp(await image.png().toBuffer());
  switch (kase) {
    case 'perspective': {
      const shear = (rnd() < 0.5 ? -1 : 1) * (0.08 + rnd() * 0.12);
      out = out.affine([1, shear, 0, 1 - Math.abs(shear) / 2], { background: '#6b6259' });
      break;
    }
    case 'mild_blur':
      out = out.blur(Math.max(0.3, (0.02 + rnd() * 0.04) * digit));
      break;
    case 'pale':
      out = out.linear(0.45 + rnd() * 0.15, 110 + rnd() * 25);
      break;
    case 'strong_blur':
      out = out.blur((0.12 + rnd() * 0.1) * digit);
      break;
    case 'dark':
      out = out.linear(0.1 + rnd() * 0.05, 0);
      break;
    case 'washed_out':
      out = out.linear(0.15 + rnd() * 0.08, 190 + rnd() * 15);
      break;
    case 'tiny':
      out = out.resize({ height: 200 + Math.round(rnd() * 60) });
      break;
    default:
      break;
  }
  return out.jpeg({ quality: 86 }).toBuffer();
}

const FORMATS: readonly StickerFormat[] = ['Code128', 'Code128', 'QRCode', 'DataMatrix'];

/** The set, `scale` of 150 photos (at least one of each case), each `width` px wide. */
export async function* photoSet(scale: number, width: number): AsyncGenerator<SetPhoto> {
  const rnd = random(34);
  let n = 0;
  let unnamed = 0;
  for (const [kase, full] of MIX) {
    const count = Math.max(1, Math.round(full * scale));
    for (let k = 0; k < count; k++, n++) {
      const shows = meterOf(n);
      const named = kase === 'unnamed' ? null : kase === 'swapped' ? meterOf(n + 200) : shows;
      const format = FORMATS[Math.floor(rnd() * FORMATS.length)] ?? 'Code128';
      const tilt = Math.round((rnd() < 0.5 ? -1 : 1) * rnd() * 30);
      const text = printed(shows, rnd());
      const reading = `${String(10000 + n * 37).padStart(5, '0')}.${String(n % 1000).padStart(3, '0')}`;
      const scene = await renderMeterPhoto({ reading, format: 'jpeg', width, seed: 3400 + n });
      const image = await withSticker(scene, width, text, format, tilt, rnd);
      const bytes = await finish(image, kase, width, rnd);
      const name =
        named === null ? `IMG_${String(++unnamed).padStart(4, '0')}.jpg` : `${named}.jpg`;
      yield { name, kase, shows, named, format, tilt, printed: text, bytes };
    }
  }
}
